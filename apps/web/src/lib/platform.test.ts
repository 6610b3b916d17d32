import { describe, expect, it } from 'vitest';
import { resolveToday } from './platform';

const browserToday = () => '2025-11-22';

describe("the platform's today", () => {
  it("is the server's date even when the browser is still on another day", () => {
    expect(resolveToday({ timeZone: 'Europe/Kyiv', today: '2025-11-23' }, false, browserToday)).toBe('2025-11-23');
    expect(resolveToday({ timeZone: 'Europe/Kyiv', today: '2025-11-23' }, true, browserToday)).toBe('2025-11-23');
  });

  it('is unknown while the server is being asked', () => {
    expect(resolveToday(undefined, false, browserToday)).toBeUndefined();
  });

  it("falls back to the browser's date when the server cannot be asked", () => {
    expect(resolveToday(undefined, true, browserToday)).toBe('2025-11-22');
  });
});
