import { DEFAULT_THEME, defaultCssVariablesResolver, type MantineColorScheme, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { APP_COLORS, cssVariablesResolver, theme } from './theme';

// Every text/background pair the app draws, from the theme as Mantine turns it into CSS variables.
const full = mergeMantineTheme(DEFAULT_THEME, theme);
const base = defaultCssVariablesResolver(full);
const ours = cssVariablesResolver(full);

function variables(scheme: Exclude<MantineColorScheme, 'auto'>): Record<string, string> {
  return { ...base.variables, ...ours.variables, ...base[scheme], ...ours[scheme] };
}

type Rgba = [number, number, number, number];

function parse(color: string, vars: Record<string, string>): Rgba {
  const ref = color.match(/^var\((--[\w-]+)\)$/);
  if (ref) {
    const value = vars[ref[1]];
    if (!value) throw new Error(`unknown variable ${ref[1]}`);
    return parse(value, vars);
  }
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const n = Number.parseInt(digits, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = color.match(/^rgba?\(([^)]+)\)$/);
  if (rgba) {
    const [r, g, b, a = 1] = rgba[1].split(',').map((p) => Number.parseFloat(p));
    return [r, g, b, a];
  }
  throw new Error(`cannot read colour ${color}`);
}

/** A translucent colour as it shows over an opaque one. */
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of a text colour on a background, both possibly variables or translucent. */
function contrast(text: string, background: string, vars: Record<string, string>, page = 'var(--mantine-color-body)') {
  const bg = over(parse(background, vars), parse(page, vars));
  const fg = over(parse(text, vars), bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

const surfaces = {
  dark: ['var(--mantine-color-body)', 'var(--mantine-color-dark-6)'],
  light: ['var(--mantine-color-body)', 'var(--mantine-color-gray-0)'],
};

/** [what, text, background] for one scheme. */
function pairs(scheme: 'dark' | 'light'): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const surface of surfaces[scheme]) {
    for (const text of ['text', 'dimmed', 'anchor', 'error', 'bright'])
      out.push([`${text} on ${surface}`, `var(--mantine-color-${text})`, surface]);
  }
  // Inputs: typed text and placeholders on the input background.
  const input = scheme === 'dark' ? 'var(--mantine-color-dark-6)' : 'var(--mantine-color-white)';
  out.push(['placeholder in an input', 'var(--mantine-color-placeholder)', input]);
  out.push(['default button', 'var(--mantine-color-default-color)', 'var(--mantine-color-default)']);
  for (const c of APP_COLORS) {
    out.push([`white on filled ${c}`, 'var(--mantine-color-white)', `var(--mantine-color-${c}-filled)`]);
    out.push([`${c} light variant`, `var(--mantine-color-${c}-light-color)`, `var(--mantine-color-${c}-light)`]);
    out.push([`${c} subtle variant`, `var(--mantine-color-${c}-light-color)`, 'var(--mantine-color-body)']);
    out.push([`${c} outline variant`, `var(--mantine-color-${c}-outline)`, 'var(--mantine-color-body)']);
  }
  return out;
}

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  for (const scheme of ['dark', 'light'] as const) {
    it(`every text and control colour meets AA in the ${scheme} scheme`, () => {
      const vars = variables(scheme);
      const failing = pairs(scheme)
        .map(([what, text, bg]) => ({ what, ratio: Math.round(contrast(text, bg, vars) * 100) / 100 }))
        .filter(({ ratio }) => ratio < 4.5);
      expect(failing).toEqual([]);
    });
  }

  it('measures as WCAG does: Mantine’s default green under white is below AA, the default dimmed grey too', () => {
    const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
    const vars = { ...defaults.variables, ...defaults.dark };
    expect(contrast('#ffffff', '#099268', vars)).toBeCloseTo(3.95, 2);
    expect(contrast('var(--mantine-color-dimmed)', 'var(--mantine-color-body)', vars)).toBeCloseTo(4.04, 2);
    expect(contrast('#000000', '#ffffff', vars)).toBeCloseTo(21, 5);
  });
});
