// npm start: build the web app and the server when missing or older than their sources, then serve everything from one
// process: the server's built JavaScript (apps/server/dist), run by plain Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../apps/server/build.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/early-input.js',
  'apps/web/landing.js',
  'apps/web/build',
  'packages/contract/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.log('Building the web app…');
  const started = Date.now();
  // The build lists every file it writes; a newcomer needs its outcome, and the whole list only when it fails.
  const build = spawnSync('npm', ['run', 'build', '-w', '@rozmova/web'], { cwd: root, encoding: 'utf8' });
  const output = `${build.stdout}${build.stderr}`;
  if (build.status !== 0) {
    console.error(output);
    process.exit(build.status ?? 1);
  }
  const files = readdirSync(join(root, 'apps/web/dist/assets')).filter((f) => /\.(js|css)$/.test(f)).length;
  const summary = output.split('\n').filter((line) => /^(pre-rendered|pre-compressed) /.test(line));
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files} scripts and style sheets`);
  for (const line of summary) console.log(`  ${line}`);
}

try {
  const seconds = await buildServerIfStale();
  if (seconds !== undefined) console.log(`Built the server in ${seconds.toFixed(1)} s`);
} catch {
  // esbuild has printed its errors.
  process.exit(1);
}

const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
