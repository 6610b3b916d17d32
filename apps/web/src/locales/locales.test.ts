import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const dir = join(import.meta.dirname, '.');

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const load = (lng: string, file: string): Tree => JSON.parse(readFileSync(join(dir, lng, file), 'utf8'));

describe('locales', () => {
  const files = readdirSync(join(dir, 'en')).filter((f) => f.endsWith('.json'));

  it('has the same files in English and Ukrainian', () => {
    expect(
      readdirSync(join(dir, 'uk'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  it.each(files)('%s has the same keys in both languages, none empty', (file) => {
    const en = load('en', file);
    const uk = load('uk', file);
    expect(keys(uk).sort()).toEqual(keys(en).sort());
    for (const tree of [en, uk]) {
      for (const key of keys(tree)) {
        const value = key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k], tree);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it('never defines one key in two files', () => {
    const seen = new Map<string, string>();
    for (const file of files) {
      for (const key of keys(load('en', file))) {
        expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });
});
