// Pre-renders the landing and login pages in both languages into dist/prerender, from the server-side build of
// src/prerender.tsx. The server sends the one in the visitor's language (its `locale` cookie, English by default),
// with the route's preload links; the browser hydrates it when its language and path match (src/main.tsx).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const PRERENDERED = [
  { path: '/', name: 'landing' },
  { path: '/login', name: 'login' },
];
const LANGUAGES = ['en', 'uk'];

const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function prerender(dist, ssrEntry) {
  const { renderPage } = await import(pathToFileURL(ssrEntry).href);
  const shell = readFileSync(`${dist}/index.html`, 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  mkdirSync(`${dist}/prerender`, { recursive: true });
  const pages = {};
  for (const { path, name } of PRERENDERED) {
    pages[path] = {};
    for (const lng of LANGUAGES) {
      const { html, title } = await renderPage(path, lng);
      const page = shell
        .replace(/<html lang="[^"]*"/, `<html lang="${lng}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}|${lng}">${html}</div>`);
      const file = `prerender/${name}.${lng}.html`;
      writeFileSync(`${dist}/${file}`, page);
      pages[path][lng] = file;
    }
  }
  writeFileSync(`${dist}/prerender/pages.json`, `${JSON.stringify(pages, null, 1)}\n`);
  return Object.keys(pages).length * LANGUAGES.length;
}
