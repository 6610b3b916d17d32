import { readdirSync, readFileSync } from 'node:fs';

export type Lang = 'en' | 'uk';
type Tree = { [key: string]: string | Tree };

const dir = (lang: Lang) => new URL(`../../src/locales/${lang}/`, import.meta.url);

function load(lang: Lang): Tree {
  const out: Tree = {};
  const merge = (target: Tree, src: Tree) => {
    for (const [k, v] of Object.entries(src)) {
      if (typeof v === 'string') target[k] = v;
      else {
        if (typeof target[k] !== 'object') target[k] = {};
        merge(target[k] as Tree, v);
      }
    }
  };
  for (const file of readdirSync(dir(lang)).filter((f) => f.endsWith('.json')))
    merge(out, JSON.parse(readFileSync(new URL(file, dir(lang)), 'utf8')));
  return out;
}

const trees = { en: load('en'), uk: load('uk') };

/** The app's own text for a key in a language, as the screens show it (without interpolation). */
export function text(lang: Lang, key: string): string {
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), trees[lang]);
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return found;
}
