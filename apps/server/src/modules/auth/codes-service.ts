import { CODE_MAX_TRIES, CODE_TTL_MINUTES, type CodePurpose, type Locale } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import { codeKey, generateCode, hashCode, sameHash } from '../../lib/codes.js';
import { AppError, RateLimitedError } from '../../lib/errors.js';
import type { Mail } from '../../mail/mailer.js';
import { codeMail, type MailText } from '../../mail/messages.js';
import { consumeCode, countWrongTry, findCode, restoreCode, saveCode } from './repository.js';

/** Placeholder addresses of messaging-app accounts; no mail can reach them, so no code goes there. */
export const RESERVED_EMAIL_DOMAIN = 'users.rozmova.invalid';

const badCode = (message = 'Invalid or expired code') => new AppError(400, 'BAD_CODE', message);

export function assertDeliverable(email: string, field = 'email') {
  if (email.endsWith(`@${RESERVED_EMAIL_DOMAIN}`)) {
    throw new AppError(400, 'VALIDATION', `${field}: This address cannot receive mail`, [
      { field, message: 'This address cannot receive mail' },
    ]);
  }
}

type CodeTarget = { purpose: CodePurpose; email: string; userId: number | null };

/** Sends a mail, answering a clear 503 when the mail server cannot take it. */
export async function sendMail(ctx: AppContext, to: string, mail: MailText & Pick<Mail, 'code'>): Promise<void> {
  try {
    await ctx.mailer.send({ to, ...mail });
  } catch (err) {
    ctx.log.error({ err }, 'could not send a mail');
    throw new AppError(503, 'UNAVAILABLE', 'We could not send the mail right now. Please try again later');
  }
}

/**
 * Makes a fresh code (replacing the previous one) and mails it in the reader's language. When the mail cannot be
 * sent, the previous code is put back as it was, so a failed request changes nothing.
 */
export async function sendCode(ctx: AppContext, target: CodeTarget, locale: Locale): Promise<void> {
  const code = generateCode();
  const codeHash = hashCode(codeKey(ctx.config.jwtSecret), target.purpose, target.email, code);
  const now = ctx.clock.instant();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  const previous = await findCode(ctx.db, target.purpose, target.email);
  await saveCode(ctx.db, { ...target, codeHash, expiresAt }, now);
  try {
    await sendMail(ctx, target.email, {
      ...codeMail(locale, target.purpose, code),
      code: { purpose: target.purpose, value: code },
    });
  } catch (err) {
    await restoreCode(ctx.db, { purpose: target.purpose, email: target.email, codeHash }, previous);
    throw err;
  }
}

/**
 * Spends a code: a wrong one counts a try; after CODE_MAX_TRIES wrong tries the code is dead and
 * every further try (even the right code) answers 429 until a new code is requested.
 */
export async function useCode(ctx: AppContext, target: CodeTarget, code: string): Promise<void> {
  const row = await findCode(ctx.db, target.purpose, target.email);
  const now = ctx.clock.instant();
  if (!row || row.expiresAt <= now || (target.userId !== null && row.userId !== target.userId)) throw badCode();
  const deadFor = Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000);
  const tooMany = () => new RateLimitedError(deadFor, 'Too many wrong codes. Request a new code.');
  if (row.attempts >= CODE_MAX_TRIES) throw tooMany();
  const expected = hashCode(codeKey(ctx.config.jwtSecret), target.purpose, target.email, code);
  if (!sameHash(expected, row.codeHash)) {
    const attempts = await countWrongTry(ctx.db, row.id, CODE_MAX_TRIES);
    if (attempts === undefined) throw tooMany();
    const left = CODE_MAX_TRIES - attempts;
    throw badCode(left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left` : 'Wrong code. Request a new code');
  }
  if (!(await consumeCode(ctx.db, row.id, CODE_MAX_TRIES, now))) throw badCode();
}
