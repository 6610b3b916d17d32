import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the web build writes beside index.html (see apps/web/build/finish.mjs). */
type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
/** The route table of the web app: each path with the source module of its screen and the text groups it loads. */
type RouteModules = { path: string; module?: string; texts?: string[] }[];
/** Pre-rendered HTML per path and language, as paths relative to the build folder. */
type Prerendered = Record<string, Record<string, string>>;

export type Encoding = 'br' | 'gzip' | 'identity';

/** One HTML answer, with its compressed copies made on first use. */
export class Page {
  private readonly copies = new Map<Encoding, Buffer>();
  constructor(readonly html: string) {}

  body(encoding: Encoding): Buffer {
    let copy = this.copies.get(encoding);
    if (!copy) {
      const raw = Buffer.from(this.html);
      copy =
        encoding === 'br'
          ? brotliCompressSync(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw;
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it (a `q=0` refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

const readJson = <T>(path: string): T | undefined =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;

/**
 * The CSP sources (`sha256-…`) of the inline scripts in the built index.html, which every page is made from, and in
 * the pre-rendered pages (the landing page carries its own): the policy admits these and no other inline script.
 */
export function inlineScriptHashes(root: string): string[] {
  const files = [join(root, 'index.html')];
  const prerendered = readJson<Prerendered>(join(root, 'prerender/pages.json')) ?? {};
  for (const pages of Object.values(prerendered)) files.push(...Object.values(pages).map((file) => join(root, file)));
  const hashes = new Set<string>();
  for (const file of files.filter((f) => existsSync(f))) {
    for (const [, body] of readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`);
    }
  }
  return [...hashes];
}

/** The chunk files (JavaScript and CSS) a module needs, following its static imports. */
function chunksOf(manifest: ViteManifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const entry = manifest[key];
  if (!entry || js.has(entry.file)) return { js, css };
  js.add(entry.file);
  for (const file of entry.css ?? []) css.add(file);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, js, css);
  return { js, css };
}

const preloadLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}/?$`);

/**
 * The HTML of each screen: index.html with `modulepreload` links for the chunks of that route (so the browser fetches
 * them with the entry instead of after it), or the page pre-rendered at build time where there is one.
 */
export class WebPages {
  private readonly routes: { pattern: RegExp; pages: Map<string, Page> }[] = [];
  private readonly fallback: Map<string, Page>;

  constructor(root: string) {
    const shell = readFileSync(join(root, 'index.html'), 'utf8');
    const manifest = readJson<ViteManifest>(join(root, '.vite/manifest.json')) ?? {};
    const routes = readJson<RouteModules>(join(root, '.vite/routes.json')) ?? [];
    const prerendered = readJson<Prerendered>(join(root, 'prerender/pages.json')) ?? {};
    // The app's entry: the pre-rendered sign-in pages carry their own (src/sign-in.tsx, build/prerender.mjs).
    const entry = 'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
    const inEntry = entry ? chunksOf(manifest, entry) : { js: new Set<string>(), css: new Set<string>() };

    // The app loads the first texts of its language before its first render (src/lib/texts/<lang>.ts), and a screen
    // the groups it needs (<lang>-app.ts, <lang>-staff.ts): fetch them early too.
    const texts = new Map<string, Map<string, string>>();
    for (const key of Object.keys(manifest)) {
      const [, lang, group = 'first'] = /^src\/lib\/texts\/([a-z]{2})(?:-([a-z]+))?\.ts$/.exec(key) ?? [];
      if (!lang) continue;
      if (!texts.has(lang)) texts.set(lang, new Map());
      texts.get(lang)?.set(group, manifest[key].file);
    }

    const pagesFor = (path: string, module: string | undefined, groups: string[] = []) => {
      const { js, css } = module ? chunksOf(manifest, module) : { js: new Set<string>(), css: new Set<string>() };
      const styles = [...css].filter((f) => !inEntry.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
      const scripts = [...js].filter((f) => !inEntry.js.has(f)).map(preloadLink);
      const withLinks = (html: string, links: string[]) =>
        links.length ? html.replace('</head>', `${links.join('')}</head>`) : html;
      const pages = new Map<string, Page>([['', new Page(withLinks(shell, [...styles, ...scripts]))]]);
      for (const [lang, files] of texts) {
        const textLinks = ['first', ...groups].flatMap((g) => files.get(g) ?? []).map(preloadLink);
        // The app reads the page's language before any choice is stored (the browser's, by Accept-Language).
        const inLang = shell.replace(/<html(?: lang="[a-z]+")?/, `<html lang="${lang}"`);
        pages.set(lang, new Page(withLinks(inLang, [...styles, ...scripts, ...textLinks])));
      }
      // A pre-rendered page paints without JavaScript: preloading its chunks would only take bandwidth from the style
      // sheets it paints with, so the browser finds them from the entry after the first paint.
      for (const [lang, file] of Object.entries(prerendered[path] ?? {})) {
        pages.set(lang, new Page(withLinks(readFileSync(join(root, file), 'utf8'), styles)));
      }
      return pages;
    };

    const catchAll = routes.find((r) => r.path === '*');
    for (const route of routes) {
      if (route.path !== '*')
        this.routes.push({ pattern: patternOf(route.path), pages: pagesFor(route.path, route.module, route.texts) });
    }
    this.fallback = pagesFor('*', catchAll?.module, catchAll?.texts);
  }

  /** The page for a path in a language: pre-rendered in that language if there is one, else the shell. */
  find(path: string, lang: string): Page {
    const pages = this.routes.find((r) => r.pattern.test(path))?.pages ?? this.fallback;
    return pages.get(lang) ?? pages.get('')!;
  }

  /** Whether pages differ by language, so that answers depend on the language cookie. */
  get multilingual(): boolean {
    return this.fallback.size > 1 || this.routes.some((r) => r.pages.size > 1);
  }
}
