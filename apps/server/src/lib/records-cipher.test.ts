import { describe, expect, it } from 'vitest';
import { newKey, open, parseKeyring, seal } from './records-cipher.js';

const k1 = newKey();
const k2 = newKey();

describe('parseKeyring', () => {
  it('reads one key as version 1, or versioned keys whose first entry is current', () => {
    const one = parseKeyring(k1);
    expect(one?.current).toBe(1);
    expect(one?.keys.get(1)).toEqual(Buffer.from(k1, 'base64'));
    const two = parseKeyring(`2:${k2}, 1:${k1}`);
    expect(two?.current).toBe(2);
    expect([...(two?.keys.keys() ?? [])]).toEqual([2, 1]);
  });

  it('refuses keys that are not 32 bytes of base64, bad versions and repeated versions', () => {
    const short = Buffer.alloc(16).toString('base64');
    for (const bad of ['', 'not base64!', short, `${k1}x`, `0:${k1}`, `x:${k1}`, `1:${k1},1:${k2}`, `2:${k2},${k1}`]) {
      expect(parseKeyring(bad), bad).toBeUndefined();
    }
  });
});

describe('seal and open', () => {
  const ring = parseKeyring(`2:${k2},1:${k1}`)!;

  it('round-trips text with a fresh IV each time and no plain text in the ciphertext', () => {
    const a = seal(ring, 'Пацієнт: тривога', 'record:1');
    const b = seal(ring, 'Пацієнт: тривога', 'record:1');
    expect(a.keyVersion).toBe(2);
    expect(Buffer.from(a.content).equals(Buffer.from(b.content))).toBe(false);
    expect(Buffer.from(a.content).includes(Buffer.from('тривога'))).toBe(false);
    expect(open(ring, a, 'record:1')).toBe('Пацієнт: тривога');
  });

  it('opens rows sealed with an older key after the current key changes', () => {
    const old = seal(parseKeyring(k1)!, 'old note', 'record:7');
    expect(old.keyVersion).toBe(1);
    expect(open(ring, old, 'record:7')).toBe('old note');
    expect(() => open(parseKeyring(`3:${newKey()}`)!, old, 'record:7')).toThrow(/no key of version 1/);
  });

  it('refuses ciphertext moved to another row or altered', () => {
    const sealed = seal(ring, 'secret', 'record:1');
    expect(() => open(ring, sealed, 'record:2')).toThrow();
    const altered = Buffer.from(sealed.content);
    altered[altered.length - 1] ^= 1;
    expect(() => open(ring, { ...sealed, content: altered }, 'record:1')).toThrow();
  });
});
