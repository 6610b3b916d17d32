import { CODE_MAX_TRIES, CODE_TTL_MINUTES, type Locale } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { codeKey, generateCode, hashCode, sameHash } from '../../lib/codes.js';
import { AppError } from '../../lib/errors.js';
import { type CodePurpose, codeMail } from '../../mail/messages.js';
import { RateLimitedError } from './limits.js';
import { consumeCode, countWrongTry, findCode, saveCode } from './repository.js';

/** Placeholder addresses of messaging-app accounts; no mail can reach them, so no code goes there. */
export const RESERVED_EMAIL_DOMAIN = 'users.rozmova.invalid';

export const badCode = (message = 'Invalid or expired code') => new AppError(400, 'BAD_CODE', message);

export function assertDeliverable(email: string, field = 'email') {
  if (email.endsWith(`@${RESERVED_EMAIL_DOMAIN}`)) {
    throw new AppError(400, 'VALIDATION', `${field}: This address cannot receive mail`, [
      { field, message: 'This address cannot receive mail' },
    ]);
  }
}

type CodeTarget = { purpose: CodePurpose; email: string; userId: number | null };

/** Makes a fresh code (replacing the previous one) and mails it in the reader's language. */
export async function sendCode(app: FastifyInstance, target: CodeTarget, locale: Locale): Promise<void> {
  const code = generateCode();
  const codeHash = hashCode(codeKey(app.config.jwtSecret), target.purpose, target.email, code);
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
  await saveCode(app.db, { ...target, codeHash, expiresAt });
  try {
    await app.mailer.send({ to: target.email, ...codeMail(locale, target.purpose, code) });
  } catch (err) {
    app.log.error({ err }, 'could not send a code mail');
    throw new AppError(503, 'INTERNAL', 'We could not send the mail right now. Please try again later');
  }
}

/**
 * Spends a code: a wrong one counts a try; after CODE_MAX_TRIES wrong tries the code is dead and
 * every further try (even the right code) answers 429 until a new code is requested.
 */
export async function useCode(app: FastifyInstance, target: CodeTarget, code: string): Promise<void> {
  const row = await findCode(app.db, target.purpose, target.email);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || (target.userId !== null && row.userId !== target.userId)) throw badCode();
  const deadFor = Math.ceil((row.expiresAt.getTime() - now) / 1000);
  const tooMany = () => new RateLimitedError(deadFor, 'Too many wrong codes. Request a new code.');
  if (row.attempts >= CODE_MAX_TRIES) throw tooMany();
  const expected = hashCode(codeKey(app.config.jwtSecret), target.purpose, target.email, code);
  if (!sameHash(expected, row.codeHash)) {
    const attempts = await countWrongTry(app.db, row.id, CODE_MAX_TRIES);
    if (attempts === undefined) throw tooMany();
    const left = CODE_MAX_TRIES - attempts;
    throw badCode(left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left` : 'Wrong code. Request a new code');
  }
  if (!(await consumeCode(app.db, row.id, CODE_MAX_TRIES))) throw badCode();
}
