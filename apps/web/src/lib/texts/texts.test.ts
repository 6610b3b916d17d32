import { describe, expect, it } from 'vitest';
import en from './en';
import enApp from './en-app';
import enStaff from './en-staff';
import type { Texts } from './merge';
import uk from './uk';
import ukApp from './uk-app';
import ukStaff from './uk-staff';

const files = (lang: string) => Object.keys(import.meta.glob(`../../locales/*/*.json`)).filter((f) => f.includes(`/${lang}/`));
const keys = (tree: Texts, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('text groups', () => {
  it.each([
    ['en', [en, enApp, enStaff]],
    ['uk', [uk, ukApp, ukStaff]],
  ] as const)('%s: the first, app and staff groups hold every text once', async (lang, groups) => {
    const all: Texts[] = await Promise.all(files(lang).map(async (f) => (await import(/* @vite-ignore */ f)).default as Texts));
    const grouped = groups.flatMap((g) => keys(g)).sort();
    expect(grouped).toEqual(all.flatMap((t) => keys(t)).sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('keeps the staff screens out of the other groups', () => {
    expect(keys(en).some((k) => k.startsWith('admin.') || k.startsWith('manager.'))).toBe(false);
    expect(keys(enApp).some((k) => k.startsWith('admin.') || k.startsWith('manager.'))).toBe(false);
    expect(keys(enStaff).every((k) => k.startsWith('admin.') || k.startsWith('manager.'))).toBe(true);
  });
});
