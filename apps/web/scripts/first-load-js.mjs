// The JavaScript a pre-rendered page needs before it works, measured on the production build: its inline scripts,
// the module script it loads with everything that imports, and the texts that script loads before its first render.
// Sizes are gzip level 9, each file on its own as it is sent. Used by the size budget and the web bench.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** The sign-in entry (src/sign-in.tsx) loads its screens' texts before it takes the page over. */
const SIGN_IN_TEXTS = (lng) => [`src/features/auth/texts/${lng}.ts`];

const gzip = (data) => gzipSync(data, { level: 9 }).length / 1024;

/** Reads a build folder (apps/web/dist/) once; `page(route, lng)` then measures one pre-rendered page. */
export function firstLoad(dist) {
  const readJson = (file) => JSON.parse(readFileSync(dist + file, 'utf8'));
  const manifest = readJson('.vite/manifest.json');
  const pages = readJson('prerender/pages.json');
  const keyOf = Object.fromEntries(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const gzipKb = (files) => [...files].reduce((sum, file) => sum + gzip(readFileSync(dist + file)), 0);

  function collect(key, js, css) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
  }

  return {
    collect,
    page(route, lng) {
      const html = readFileSync(dist + pages[route][lng], 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
      const js = new Set();
      const css = new Set();
      const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map(([, file]) => keyOf[file]);
      const signIn = entries.includes('src/sign-in.tsx');
      for (const key of entries.length ? [...entries, ...(signIn ? SIGN_IN_TEXTS(lng) : [])] : []) collect(key, js, css);
      for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)) css.add(href);
      return {
        jsKb: gzipKb(js) + inline.reduce((sum, body) => sum + gzip(body), 0),
        cssKb: gzipKb(css),
        files: js.size,
        inline: inline.length,
        cssFiles: css.size,
      };
    },
  };
}
