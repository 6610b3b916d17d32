// Pre-renders the pages the route table marks (src/app/route-list.ts) in both languages into dist/prerender, from the
// server-side build of src/prerender.tsx. The server sends the one in the visitor's language (its `locale` cookie,
// English by default). A `hydrate` page gets the sign-in entry in place of the app's (src/sign-in.tsx), which takes
// it over when its language and address match; a `static` page loses them and gets landing.js instead: it is complete as HTML.
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

/** The JavaScript files a module needs at once, following its static imports in the build manifest. */
function chunksOf(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, files);
  return files;
}

/**
 * The shell of a sign-in page: the sign-in entry (src/sign-in.tsx) and its chunks in place of the app's. The app's
 * style sheet stays: the page paints with it, and the entry uses no style the app's entry lacks.
 */
function signInShell(shell, manifest) {
  const [entry, ...imports] = chunksOf(manifest, 'src/sign-in.tsx');
  const scripts = [
    `<script type="module" crossorigin src="/${entry}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const withoutApp = shell.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
  return withoutApp.replace('</head>', `${scripts.join('\n    ')}\n  </head>`);
}

export async function prerender(dist, ssrEntry) {
  const { renderPage, ROUTES } = await import(pathToFileURL(ssrEntry).href);
  const shell = readFileSync(`${dist}/index.html`, 'utf8');
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  mkdirSync(`${dist}/prerender`, { recursive: true });
  const pages = {};
  for (const { path, module, prerender } of ROUTES) {
    if (!prerender) continue;
    const name = module
      .split('/')
      .pop()
      .replace(/\.tsx$/, '');
    const base = prerender.mode === 'static' ? staticShell(shell) : signInShell(shell, manifest);
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
