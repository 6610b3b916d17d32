import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../lib/errors.js';

/** Where a page of psychologists ends in the search's order (first name, last name, id). */
export type PsychologistKey = { firstName: string; lastName: string; id: number };

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`doctor-search-cursor:${payload}`).digest().subarray(0, 16);

/** An opaque cursor: the key of the last psychologist on a page, signed so clients cannot forge a position. */
export function encodeCursor(secret: string, key: PsychologistKey): string {
  const payload = Buffer.from(JSON.stringify([key.firstName, key.lastName, key.id])).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const badCursor = () => badRequest('querystring.cursor', 'Not a cursor this search gave out');

/** The key a cursor names; 400 for anything this server did not sign. */
export function decodeCursor(secret: string, cursor: string): PsychologistKey {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0) throw badCursor();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
  const key: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (
    !Array.isArray(key) ||
    key.length !== 3 ||
    typeof key[0] !== 'string' ||
    typeof key[1] !== 'string' ||
    !Number.isSafeInteger(key[2])
  ) {
    throw badCursor();
  }
  return { firstName: key[0], lastName: key[1], id: key[2] };
}
