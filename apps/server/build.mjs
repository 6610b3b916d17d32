// The server as production runs it: src/main.ts, src/cli.ts and the sanitiser's worker bundled by esbuild into plain
// JavaScript in dist/, the contract's TypeScript compiled in with them. Packages stay imports of node_modules, and each
// must be a dependency of the server or the contract: a devDependency (tsx, vitest…) fails the build, as it would be
// missing where only dependencies are installed. `node build.mjs` builds; `--if-stale` only when a source is newer.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('.', import.meta.url));
const contractDir = join(serverDir, '../../packages/contract');
export const distDir = join(serverDir, 'dist');

/** What production runs: the server (scripts/start.mjs, `npm start`) and the CLI (`npm run cli`). */
export const SERVER_ENTRY = join(distDir, 'main.mjs');
export const CLI_ENTRY = join(distDir, 'cli.mjs');

const entryPoints = {
  main: 'src/main.ts',
  cli: 'src/cli.ts',
  // Found beside the bundle: sanitize-html.ts points piscina at new URL('./sanitize-worker.mjs', import.meta.url).
  'sanitize-worker': 'src/lib/sanitize-worker.mjs',
  // The same for reports/pdf.ts and './pdf-worker.mjs'.
  'pdf-worker': 'src/modules/reports/pdf-worker.mjs',
  // And for documents/pdf-rewrite.ts and './pdf-rewrite-worker.mjs'.
  'pdf-rewrite-worker': 'src/modules/documents/pdf-rewrite-worker.mjs',
};
const outputs = Object.keys(entryPoints).map((name) => join(distDir, `${name}.mjs`));
const sources = [
  join(serverDir, 'src'),
  join(serverDir, 'package.json'),
  join(serverDir, 'build.mjs'),
  join(contractDir, 'src'),
  join(contractDir, 'package.json'),
];

const dependenciesOf = (dir) => Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
const WORKSPACE_PACKAGE = '@rozmova/contract';

/** A bare import's package name: `@scope/name` or `name`, without the path inside it. */
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Keeps every package an import of node_modules, the workspace contract excepted, and refuses undeclared ones. */
function externalPackages() {
  const allowed = new Set([...dependenciesOf(serverDir), ...dependenciesOf(contractDir)]);
  allowed.delete(WORKSPACE_PACKAGE);
  const builtins = new Set(builtinModules);
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
        const name = packageName(args.path);
        if (name === WORKSPACE_PACKAGE) return undefined;
        if (allowed.has(name)) return { path: args.path, external: true };
        return {
          errors: [
            { text: `${name} is not a dependency of the server or the contract (devDependencies stay out of production)` },
          ],
        };
      });
    },
  };
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** True when an output is missing or older than a source. */
export function serverBuildIsStale() {
  const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  return builtAt < Math.max(...sources.map(newest));
}

/** Bundles the server into dist/; resolves to esbuild's metafile (what went in, what each output imports). */
export async function buildServer() {
  // Loaded here, so that a fresh start with nothing to build does not load the bundler.
  const esbuild = await import('esbuild');
  // Chunk names change with their content: an earlier build's are cleared away.
  rmSync(distDir, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: serverDir,
      entryPoints,
      outdir: distDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // What the CLI imports only once its arguments are read, and its packages, stay unloaded until then.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      plugins: [externalPackages()],
      metafile: true,
      logLevel: 'error',
      // esbuild renames functions and classes whose names clash across modules; stack traces keep the source's names.
      keepNames: true,
    });
    return result.metafile;
  } finally {
    // esbuild's service process would otherwise live as long as the start script that waits on the server.
    await esbuild.stop();
  }
}

/** Builds when stale; returns the seconds it took, or undefined when nothing was built. */
export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return undefined;
  const started = Date.now();
  await buildServer();
  return (Date.now() - started) / 1000;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--if-stale')) await buildServerIfStale();
    else await buildServer();
  } catch {
    // esbuild has printed its errors.
    process.exit(1);
  }
}
