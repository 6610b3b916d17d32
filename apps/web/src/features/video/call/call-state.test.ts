import { SIGNAL_ERROR_CODES } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/video.json';
import uk from '../../../locales/uk/video.json';
import { type CallError, TILE_COLORS, tileColorOf } from './call-state';

const CLIENT_ERRORS: CallError[] = ['UNAUTHORIZED', 'DISABLED', 'TOO_MANY_CONNECTIONS', 'DISCONNECTED', 'TIMEOUT'];

describe('call errors', () => {
  it('has a text in both languages for every refusal the server can give and every client-side failure', () => {
    for (const code of [...SIGNAL_ERROR_CODES, ...CLIENT_ERRORS]) {
      expect(en.video.error, code).toHaveProperty(code);
      expect(uk.video.error, code).toHaveProperty(code);
    }
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('tile colours', () => {
  it('gives a stream the same colour every time, from the palette', () => {
    for (const id of ['cam-1', 'cam-2b0e', 'cam-ffffffff-ffff']) {
      expect(TILE_COLORS).toContain(tileColorOf(id));
      expect(tileColorOf(id)).toBe(tileColorOf(id));
    }
    const used = new Set(Array.from({ length: 60 }, (_, i) => tileColorOf(`cam-${i}`)));
    expect(used.size).toBeGreaterThan(1);
  });

  it('keeps white text and the theme’s dimmed #a6a6a6 text at AA contrast on every colour', () => {
    for (const color of TILE_COLORS) {
      expect(1.05 / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5);
      expect((luminance('#a6a6a6') + 0.05) / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
