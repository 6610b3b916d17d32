// The size budget of the first pages, on the production build (run after the build, within test:e2e).
// A route's JavaScript is what the browser must fetch before that page works: the entry chunk and everything it
// imports, the first texts of the default language, and the route's own chunk with its imports. Sizes are gzip
// level 9. What keeps them small: README, "How the web app is delivered".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const BUDGETS = [
  { route: '/', label: 'landing', module: undefined, maxKb: 120 },
  { route: '/login', label: 'login', module: 'src/features/auth/login-page.tsx', maxKb: 150 },
];
const START = ['src/lib/texts/en.ts'];

function collect(key, js, css) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(imported, js, css);
}

const gzipKb = (files) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(dist + file), { level: 9 }).length, 0) / 1024;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);

let failed = false;
for (const { route, label, module, maxKb } of BUDGETS) {
  const js = new Set();
  const css = new Set();
  for (const key of [entry, ...START, ...(module ? [module] : [])]) collect(key, js, css);
  const jsKb = gzipKb(js);
  const ok = jsKb <= maxKb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${label.padEnd(8)} ${route.padEnd(7)} JS  ${jsKb.toFixed(1).padStart(6)} KB gzip (budget ${maxKb} KB; ${js.size} files)`,
  );
  console.log(`     ${label.padEnd(8)} ${route.padEnd(7)} CSS ${gzipKb(css).toFixed(1).padStart(6)} KB gzip (${css.size} files)`);
}
if (failed) {
  console.error('size budget exceeded: see which modules each chunk holds with a bundle visualiser, and split or cut them');
  process.exit(1);
}
