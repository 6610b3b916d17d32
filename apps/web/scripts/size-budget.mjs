// The size budget of the first pages, on the production build (run after the build, within test:e2e): the JavaScript
// each needs before it works (scripts/first-load-js.mjs says what counts). What keeps them small: README, "How the web
// app is delivered".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstLoad } from './first-load-js.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const build = firstLoad(dist);
// The sign-in pages' goal: a hydrated React page is about 66 KB (react-dom, react, the scheduler); Mantine's core and
// the card's components about 30 KB; the screens and their texts about 10 KB.
const BUDGETS = [
  { route: '/', label: 'landing', maxKb: 90 },
  { route: '/login', label: 'login', maxKb: 110 },
  { route: '/auth-email', label: 'auth-email', maxKb: 110 },
  { route: '/magic-login', label: 'magic-login', maxKb: 110 },
];

let failed = false;
for (const { route, label, maxKb } of BUDGETS) {
  for (const lng of ['en', 'uk']) {
    const { jsKb, cssKb, files, inline, cssFiles } = build.page(route, lng);
    const ok = jsKb <= maxKb;
    failed ||= !ok;
    const name = `${label.padEnd(11)} ${route.padEnd(12)} ${lng}`;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name} JS  ${jsKb.toFixed(1).padStart(6)} KB gzip (budget ${maxKb} KB; ${files} files, ${inline} inline)`,
    );
    console.log(`     ${name} CSS ${cssKb.toFixed(1).padStart(6)} KB gzip (${cssFiles} files)`);
  }
}
// The app and the sign-in pages run on React itself: react-dom's production build links its minified errors to react.dev.
for (const entry of ['index.html', 'src/sign-in.tsx']) {
  const files = new Set();
  build.collect(entry, files, new Set());
  const reactDom = [...files].some((file) => readFileSync(dist + file, 'utf8').includes('https://react.dev/errors/'));
  console.log(`${reactDom ? 'ok  ' : 'MISS'} ${entry} loads react-dom's production build`);
  if (!reactDom) {
    console.error(`${entry} has no react-dom production build: is a stand-in renderer aliased in?`);
    process.exit(1);
  }
}
if (failed) {
  console.error('size budget exceeded: see which modules each chunk holds with a bundle visualiser, and split or cut them');
  process.exit(1);
}
