import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { codeKey } from '../../lib/codes.js';
import { type Keyring, open, seal } from '../../lib/records-cipher.js';

const ISSUER = 'Rozmova';
/** A code is accepted up to one 30-second step early or late, for a phone whose clock drifts a little. */
const DRIFT_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The secret is bound to its account, so a sealed secret cannot be moved to another row. */
const aad = (userId: number) => `mfa-totp:${userId}`;

export const sealTotpSecret = (ring: Keyring, userId: number, secret: string) => seal(ring, secret, aad(userId));

export function newTotpSecret(ring: Keyring, userId: number, email: string) {
  const secret = generateSecret();
  const sealed = sealTotpSecret(ring, userId, secret);
  return { secret, sealed, otpauthUrl: generateURI({ issuer: ISSUER, label: email, secret }) };
}

export const openTotpSecret = (ring: Keyring, userId: number, row: { secret: Uint8Array; keyVersion: number }) =>
  open(ring, { keyVersion: row.keyVersion, content: row.secret }, aad(userId));

/** The time step a right code was made for, or undefined; the caller refuses steps already used. */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Ten codes like `k7pqm-2xw9d` from the system's secure generator. */
export function newRecoveryCodes(n: number): string[] {
  return Array.from({ length: n }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code);

/** Stored as a keyed hash bound to the account; typed in any case, with or without the dash. */
export function hashRecoveryCode(jwtSecret: string, userId: number, code: string): string {
  const normal = code.trim().toLowerCase().replace('-', '');
  return createHmac('sha256', codeKey(jwtSecret)).update(`recovery\n${userId}\n${normal}`).digest('base64url');
}
