import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@rozmova/contract';

/** A uniformly random code of CODE_LENGTH digits from the system's secure generator. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** A key for code hashes, derived from the signing secret so codes need no secret of their own. */
export function codeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('rozmova:e-mail-codes').digest();
}

/** Codes are short, so they are stored only as a keyed hash bound to their purpose and address. */
export function hashCode(key: Buffer, purpose: string, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A long random token for links; its plain SHA-256 is stored, which is enough for 256 random bits. */
export function generateToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
