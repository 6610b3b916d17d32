import type { AuthResponse, Locale, SignInResponse } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import type { UserRow } from '../../db/schema/index.js';
import { accountLocale } from '../../lib/accept-language.js';
import { hashToken } from '../../lib/codes.js';
import { AppError } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { accountDisabledMail } from '../../mail/messages.js';
import { findUserByEmail, insertUser } from '../users/service.js';
import { assertDeliverable, sendCode, sendMail, useCode } from './codes-service.js';
import { findOrCreateLinkedUser } from './magic-links-service.js';
import { signInResponse } from './mfa-service.js';
import { redeemMagicToken } from './repository.js';
import { type SignInContext, sessionResponse } from './session-response.js';

/** A fresh token and the session fields (a first-factor sign-in answers signInResponse instead). */
export async function authResponse(ctx: SignInContext, user: UserRow): Promise<AuthResponse> {
  return sessionResponse(ctx, user);
}

function assertEnabled(user: UserRow) {
  if (!user.enabled) throw new AppError(403, 'DISABLED', 'This account is disabled');
}

/**
 * Mails a sign-in code, in the account's language when the account exists. A disabled account gets a notice instead,
 * and the caller the same answer either way, so the request tells nobody which accounts are disabled.
 */
export async function requestSignInCode(ctx: AppContext, input: { email: string; clientLocale?: Locale }) {
  assertDeliverable(input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const locale = user ? accountLocale(user.locale) : (input.clientLocale ?? 'en');
  if (user && !user.enabled) return sendMail(ctx, input.email, accountDisabledMail(locale));
  await sendCode(ctx, { purpose: 'SIGN_IN', email: input.email, userId: null }, locale);
}

/** Signs in by a mailed code; an unknown address becomes a new account with no role yet. */
export async function signInWithCode(ctx: SignInContext, input: { email: string; code: string; clientLocale?: Locale }) {
  const { email } = input;
  await useCode(ctx, { purpose: 'SIGN_IN', email, userId: null }, input.code).catch((err: unknown) => {
    if (err instanceof AppError) ctx.events.emit('signInFailed', 'code');
    throw err;
  });
  const user =
    (await findUserByEmail(ctx.db, email)) ??
    (await insertUser(ctx.db, { email, locale: input.clientLocale ?? 'en' })) ??
    (await findUserByEmail(ctx.db, email));
  if (!user) throw new AppError(409, 'CONFLICT', 'This e-mail changed hands while signing in. Please try again');
  assertEnabled(user);
  return signInResponse(ctx, user);
}

/** An unknown e-mail, an account without a password and a wrong password answer alike: callers cannot tell which. */
export async function signInWithPassword(
  ctx: SignInContext,
  input: { email: string; password: string },
): Promise<SignInResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    ctx.events.emit('signInFailed', 'password');
    throw new AppError(401, 'BAD_CREDENTIALS', 'Wrong e-mail or password');
  }
  assertEnabled(user);
  return signInResponse(ctx, user);
}

export async function signInWithMagicToken(ctx: SignInContext, input: { token: string }): Promise<SignInResponse> {
  const externalId = await redeemMagicToken(ctx.db, hashToken(input.token), ctx.clock.instant());
  if (!externalId) {
    ctx.events.emit('signInFailed', 'magic-link');
    throw new AppError(401, 'BAD_TOKEN', 'This sign-in link is invalid, expired or already used');
  }
  const user = await findOrCreateLinkedUser(ctx.db, externalId);
  if (!user) throw new AppError(409, 'CONFLICT', 'This messaging account cannot be linked right now. Please try again');
  assertEnabled(user);
  return signInResponse(ctx, user);
}
