import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The keys of clinical notes by version: new notes are sealed with `current`, older versions still open old rows. */
export type Keyring = { current: number; keys: ReadonlyMap<number, Buffer> };

/** A sealed note: its key's version and IV (12 bytes) + GCM tag (16 bytes) + ciphertext in one value. */
export type Sealed = { keyVersion: number; content: Uint8Array };

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export const KEYRING_FORMAT =
  'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`), or a list such as 2:<new key>,1:<old key> whose first entry is the current key';

/**
 * Reads a single base64 key (version 1) or `version:key` entries separated by commas, the first being current.
 * Answers undefined when the text is not one of these.
 */
export function parseKeyring(text: string): Keyring | undefined {
  const entries = text.includes(':') ? text.split(',').map((e) => e.trim().split(':')) : [['1', text.trim()]];
  const keys = new Map<number, Buffer>();
  for (const entry of entries) {
    if (entry.length !== 2 || !/^[1-9]\d{0,8}$/.test(entry[0]) || !BASE64.test(entry[1])) return undefined;
    const key = Buffer.from(entry[1], 'base64');
    const version = Number(entry[0]);
    if (key.length !== KEY_BYTES || keys.has(version)) return undefined;
    keys.set(version, key);
  }
  return { current: Number(entries[0][0]), keys };
}

export const newKey = (): string => randomBytes(KEY_BYTES).toString('base64');

/** Encrypts with the current key; `aad` binds the ciphertext to its row, so it cannot be moved to another. */
export function seal(ring: Keyring, plaintext: string, aad: string): Sealed {
  return sealBytes(ring, Buffer.from(plaintext, 'utf8'), aad);
}

/** Decrypts a sealed note; throws when its key is missing or it was altered or moved to another row. */
export function open(ring: Keyring, sealed: Sealed, aad: string): string {
  return openBytes(ring, sealed, aad).toString('utf8');
}

/** `seal` for binary content (verification documents). */
export function sealBytes(ring: Keyring, plaintext: Uint8Array, aad: string): Sealed {
  const key = ring.keys.get(ring.current) as Buffer;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { keyVersion: ring.current, content: Buffer.concat([iv, cipher.getAuthTag(), body]) };
}

/** `open` for binary content. */
export function openBytes(ring: Keyring, sealed: Sealed, aad: string): Buffer {
  const key = ring.keys.get(sealed.keyVersion);
  if (!key) throw new Error(`RECORDS_KEY holds no key of version ${sealed.keyVersion}`);
  const data = Buffer.from(sealed.content);
  const decipher = createDecipheriv(ALGORITHM, key, data.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8')).setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
