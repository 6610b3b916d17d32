// Pre-renders the pages the route table marks (src/app/route-list.ts) in both languages into dist/prerender, from the
// server-side build of src/prerender.tsx. The server sends the one in the visitor's language (its `locale` cookie,
// English by default). A `hydrate` page keeps the app's scripts and is taken over when its language and address match
// (src/main.tsx); a `static` page loses them and gets landing.js instead: it is complete as HTML.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { inlineScript } from './inline-script.mjs';

const LANGUAGES = ['en', 'uk'];

const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The shell without the app: no entry script, no module preloads, and landing.js where early-input.js was. */
function staticShell(shell) {
  const early = `<script>${inlineScript('early-input.js')}</script>`;
  if (!shell.includes(early)) throw new Error('index.html does not start with early-input.js');
  return shell
    .replace(early, `<script>${inlineScript('landing.js')}</script>`)
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

export async function prerender(dist, ssrEntry) {
  const { renderPage, ROUTES } = await import(pathToFileURL(ssrEntry).href);
  const shell = readFileSync(`${dist}/index.html`, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  mkdirSync(`${dist}/prerender`, { recursive: true });
  const pages = {};
  for (const { path, module, prerender } of ROUTES) {
    if (!prerender) continue;
    const name = module
      .split('/')
      .pop()
      .replace(/\.tsx$/, '');
    const base = prerender.mode === 'static' ? staticShell(shell) : shell;
    const marker = prerender.mode === 'static' ? '' : ` data-prerendered="${prerender.from ?? path}|{lng}"`;
    pages[path] = {};
    for (const lng of LANGUAGES) {
      const { html, title } = await renderPage(path, lng);
      const page = base
        .replace(/<html lang="[^"]*"/, `<html lang="${lng}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace('<div id="root"></div>', `<div id="root"${marker.replace('{lng}', lng)}>${html}</div>`);
      const file = `prerender/${name}.${lng}.html`;
      writeFileSync(`${dist}/${file}`, page);
      pages[path][lng] = file;
    }
  }
  writeFileSync(`${dist}/prerender/pages.json`, `${JSON.stringify(pages, null, 1)}\n`);
  return Object.keys(pages).length * LANGUAGES.length;
}
