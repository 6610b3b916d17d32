/**
 * Media frames sealed end to end, after SFrame (RFC 9605): each frame becomes
 * `[codec bytes left in clear][SFrame header: config byte, 8-byte counter][AES-GCM ciphertext and tag]`.
 * The config byte carries the key id (0–7) and the counter's length, as SFrame's does. Each sender seals with a key and
 * salt of its own, derived (HKDF-SHA-256) from the call's session key and its peer id, so two senders never share a
 * nonce; the nonce is the salt XOR the sender's counter, which only grows.
 */

const COUNTER_BYTES = 8;
const HEADER_BYTES = 1 + COUNTER_BYTES;
const TAG_BYTES = 16;
const encoder = new TextEncoder();

export type MediaKind = 'audio' | 'video';
/** A sender's key for one session key: AES-GCM, and the salt its nonces start from. */
export type SenderKey = { key: CryptoKey; salt: Uint8Array<ArrayBuffer> };

/**
 * Bytes the packetiser and the receiving decoder read before any decryption: VP8's payload header (10 bytes of a key
 * frame with its size, 3 of another), Opus's table-of-contents byte. They are authenticated, not hidden.
 */
export function clearBytes(kind: MediaKind, keyFrame: boolean): number {
  if (kind === 'audio') return 1;
  return keyFrame ? 10 : 3;
}

export async function deriveSenderKey(sessionKey: BufferSource, senderId: string): Promise<SenderKey> {
  const base = await crypto.subtle.importKey('raw', sessionKey, 'HKDF', false, ['deriveBits']);
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('rozmova-sframe'), info: encoder.encode(senderId) },
      base,
      (32 + 12) * 8,
    ),
  );
  const key = await crypto.subtle.importKey('raw', bits.slice(0, 32), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { key, salt: bits.slice(32) };
}

function nonceOf(salt: Uint8Array, counter: bigint): Uint8Array<ArrayBuffer> {
  const nonce = new Uint8Array(12);
  nonce.set(salt);
  const view = new DataView(nonce.buffer);
  view.setBigUint64(4, view.getBigUint64(4) ^ counter);
  return nonce;
}

/** Seals one frame with the sender's key `keyId` and counter. */
export async function sealFrame(
  frame: Uint8Array<ArrayBuffer>,
  clear: number,
  keyId: number,
  counter: bigint,
  sender: SenderKey,
): Promise<Uint8Array<ArrayBuffer>> {
  const head = Math.min(clear, frame.length);
  const header = new Uint8Array(HEADER_BYTES);
  // SFrame's config byte: X=0, K=key id, Y=1, C=counter length − 1.
  header[0] = (keyId << 4) | 0x08 | (COUNTER_BYTES - 1);
  new DataView(header.buffer).setBigUint64(1, counter);
  const aad = new Uint8Array(head + HEADER_BYTES);
  aad.set(frame.subarray(0, head));
  aad.set(header, head);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: nonceOf(sender.salt, counter), additionalData: aad },
      sender.key,
      frame.subarray(head),
    ),
  );
  const out = new Uint8Array(aad.length + sealed.length);
  out.set(aad);
  out.set(sealed, aad.length);
  return out;
}

/** The key id a sealed frame names, or null for bytes that are not a frame sealed here. */
export function keyIdOf(frame: Uint8Array, clear: number): number | null {
  if (frame.length < clear + HEADER_BYTES + TAG_BYTES) return null;
  const config = frame[clear];
  if ((config & 0x80) !== 0 || (config & 0x0f) !== 0x08 + COUNTER_BYTES - 1) return null;
  return (config >> 4) & 0x07;
}

/** Opens a sealed frame with the sender's key; throws on any frame that was not sealed with it, or was changed. */
export async function openFrame(
  frame: Uint8Array<ArrayBuffer>,
  clear: number,
  sender: SenderKey,
): Promise<Uint8Array<ArrayBuffer>> {
  if (keyIdOf(frame, clear) === null) throw new Error('Not a sealed frame');
  const aadLength = clear + HEADER_BYTES;
  const counter = new DataView(frame.buffer, frame.byteOffset + clear + 1, COUNTER_BYTES).getBigUint64(0);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: nonceOf(sender.salt, counter), additionalData: frame.slice(0, aadLength) },
      sender.key,
      frame.subarray(aadLength),
    ),
  );
  const out = new Uint8Array(clear + plain.length);
  out.set(frame.subarray(0, clear));
  out.set(plain, clear);
  return out;
}
