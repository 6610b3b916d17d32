import type { SealedChat } from '@rozmova/contract';

// The call's session key travels only between browsers: each has an ephemeral ECDH P-256 key pair; the psychologist's
// browser wraps the session key for each participant under a key both sides derive from their pair and the other's
// public key. The server relays public keys and wrapped keys, and sees neither the session key nor the media.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const toBase64 = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text);
};
export const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export type KeyPair = { privateKey: CryptoKey; publicKey: string };

export async function newKeyPair(): Promise<KeyPair> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  return { privateKey: pair.privateKey, publicKey: toBase64(await crypto.subtle.exportKey('raw', pair.publicKey)) };
}

/** The AES-GCM key two browsers share: ECDH of one's private key and the other's public key, through HKDF. */
async function wrappingKey(own: CryptoKey, theirPublicKey: string): Promise<CryptoKey> {
  const theirs = await crypto.subtle.importKey(
    'raw',
    fromBase64(theirPublicKey),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const secret = await crypto.subtle.deriveBits({ name: 'ECDH', public: theirs }, own, 256);
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('rozmova-e2ee'), info: encoder.encode('session-key-wrap') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** What binds a wrapped key: its id and the roster it was given with, so neither can be swapped on the way. */
const wrapContext = (keyId: number, roster: string[]) => encoder.encode(`${keyId}|${roster.join(',')}`);

export async function wrapSessionKey(own: CryptoKey, theirPublicKey: string, key: ArrayBuffer, keyId: number, roster: string[]) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: wrapContext(keyId, roster) },
    await wrappingKey(own, theirPublicKey),
    key,
  );
  return { iv: toBase64(iv), wrapped: toBase64(wrapped) };
}

export async function unwrapSessionKey(
  own: CryptoKey,
  hostPublicKey: string,
  sealed: { keyId: number; iv: string; wrapped: string; roster: string[] },
): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: wrapContext(sealed.keyId, sealed.roster) },
    await wrappingKey(own, hostPublicKey),
    fromBase64(sealed.wrapped),
  );
}

/**
 * The safety code everyone compares aloud: from the public keys of everyone holding the current key, as the host's
 * browser listed them. A server that swapped anyone's key would give the two sides different lists, so different codes.
 */
export async function safetyCode(roster: string[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(roster.join(','))));
  const n = new DataView(digest.buffer).getUint32(0) % 1_000_000_000;
  return String(n)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1 ');
}

const chatKey = (key: ArrayBuffer) => crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
const CHAT_CONTEXT = encoder.encode('rozmova-chat');

export async function sealChat(text: string, key: ArrayBuffer, keyId: number): Promise<SealedChat> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: CHAT_CONTEXT },
    await chatKey(key),
    encoder.encode(text),
  );
  return { keyId, iv: toBase64(iv), data: toBase64(data) };
}

export async function openChat(sealed: SealedChat, key: ArrayBuffer): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: CHAT_CONTEXT },
    await chatKey(key),
    fromBase64(sealed.data),
  );
  return decoder.decode(plain);
}
