import { describe, expect, it } from 'vitest';
import { newKeyPair, openChat, safetyCode, sealChat, unwrapSessionKey, wrapSessionKey } from './key-exchange';

describe('the session key between browsers', () => {
  it('reaches the participant it was wrapped for, and no one else', async () => {
    const [host, anna, mallory] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair()]);
    const key = crypto.getRandomValues(new Uint8Array(32)).buffer;
    const roster = [host.publicKey, anna.publicKey];
    const sealed = { keyId: 3, roster, ...(await wrapSessionKey(host.privateKey, anna.publicKey, key, 3, roster)) };
    expect(new Uint8Array(await unwrapSessionKey(anna.privateKey, host.publicKey, sealed))).toEqual(new Uint8Array(key));
    await expect(unwrapSessionKey(mallory.privateKey, host.publicKey, sealed)).rejects.toThrow();
    // A roster or key id changed on the way is refused.
    await expect(unwrapSessionKey(anna.privateKey, host.publicKey, { ...sealed, roster: [host.publicKey] })).rejects.toThrow();
    await expect(unwrapSessionKey(anna.privateKey, host.publicKey, { ...sealed, keyId: 4 })).rejects.toThrow();
  });

  it('gives one safety code for one roster and another when any key differs', async () => {
    const keys = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair()]);
    const roster = keys.map((k) => k.publicKey);
    const code = await safetyCode(roster);
    expect(code).toMatch(/^\d{3} \d{3} \d{3}$/);
    expect(await safetyCode([...roster])).toBe(code);
    expect(await safetyCode([roster[0], roster[1], (await newKeyPair()).publicKey])).not.toBe(code);
  });

  it('seals chat so that only the key opens it', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32)).buffer;
    const sealed = await sealChat('Привіт, group', key, 2);
    expect(sealed.data).not.toContain('group');
    expect(await openChat(sealed, key)).toBe('Привіт, group');
    await expect(openChat(sealed, crypto.getRandomValues(new Uint8Array(32)).buffer)).rejects.toThrow();
  });
});
