import { describe, expect, it } from 'vitest';
import { clearBytes, deriveSenderKey, keyIdOf, openFrame, sealFrame } from './frame-crypto';

const sessionKey = crypto.getRandomValues(new Uint8Array(32));
const frame = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

describe('sealed media frames', () => {
  it('keep the codec bytes in clear, name their key, and open to the same frame', async () => {
    const sender = await deriveSenderKey(sessionKey, 'peer-a');
    const plain = frame(200);
    const clear = clearBytes('video', true);
    const sealed = await sealFrame(plain, clear, 5, 41n, sender);
    expect([...sealed.subarray(0, clear)]).toEqual([...plain.subarray(0, clear)]);
    expect(sealed.length).toBe(200 + 9 + 16);
    expect(keyIdOf(sealed, clear)).toBe(5);
    // The payload is not in the sealed frame.
    expect(Buffer.from(sealed).includes(Buffer.from(plain.subarray(clear, clear + 16)))).toBe(false);
    expect([...(await openFrame(sealed, clear, await deriveSenderKey(sessionKey, 'peer-a')))]).toEqual([...plain]);
  });

  it('refuse another sender’s key, another session key, a changed byte and a plain frame', async () => {
    const a = await deriveSenderKey(sessionKey, 'peer-a');
    const sealed = await sealFrame(frame(64), 1, 0, 1n, a);
    await expect(openFrame(sealed, 1, await deriveSenderKey(sessionKey, 'peer-b'))).rejects.toThrow();
    const other = await deriveSenderKey(crypto.getRandomValues(new Uint8Array(32)), 'peer-a');
    await expect(openFrame(sealed, 1, other)).rejects.toThrow();
    for (const at of [0, 3, sealed.length - 1]) {
      const changed = sealed.slice();
      changed[at] ^= 1;
      await expect(openFrame(changed, 1, a)).rejects.toThrow();
    }
    await expect(openFrame(frame(64), 1, a)).rejects.toThrow();
  });

  it('never repeat a nonce: two counters, or two senders at one counter, seal the same frame differently', async () => {
    const a = await deriveSenderKey(sessionKey, 'peer-a');
    const b = await deriveSenderKey(sessionKey, 'peer-b');
    const plain = frame(40);
    const one = await sealFrame(plain, 3, 1, 7n, a);
    const two = await sealFrame(plain, 3, 1, 8n, a);
    const three = await sealFrame(plain, 3, 1, 7n, b);
    const body = (x: Uint8Array) => Buffer.from(x.subarray(12)).toString('hex');
    expect(new Set([body(one), body(two), body(three)]).size).toBe(3);
  });
});
