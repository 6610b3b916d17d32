import { type AuthResponse, type Locale, toRoleName } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../lib/codes.js';
import { AppError } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { findUserByEmail, insertUser, type UserRow } from '../users/repository.js';
import { assertDeliverable, sendCode, useCode } from './codes.js';
import { accountLocale } from './locale.js';
import { findOrCreateLinkedUser } from './magic-links.js';
import { redeemMagicToken } from './repository.js';

/** What every successful sign-in answers: a fresh token and the session fields. */
export async function authResponse(app: FastifyInstance, user: UserRow): Promise<AuthResponse> {
  return {
    token: await app.signToken(user.id),
    email: user.email,
    role: user.role ? toRoleName(user.role) : null,
    profileCompleted: user.profileCompleted,
  };
}

function assertEnabled(user: UserRow) {
  if (!user.enabled) throw new AppError(403, 'DISABLED', 'This account is disabled');
}

/** Mails a sign-in code, in the account's language when the account exists. */
export async function requestSignInCode(app: FastifyInstance, email: string, clientLocale: Locale | undefined) {
  assertDeliverable(email);
  const user = await findUserByEmail(app.db, email);
  const locale = user ? accountLocale(user.locale) : (clientLocale ?? 'en');
  await sendCode(app, { purpose: 'SIGN_IN', email, userId: null }, locale);
}

/** Signs in by a mailed code; an unknown address becomes a new account with no role yet. */
export async function signInWithCode(app: FastifyInstance, email: string, code: string, clientLocale: Locale | undefined) {
  await useCode(app, { purpose: 'SIGN_IN', email, userId: null }, code);
  const user =
    (await findUserByEmail(app.db, email)) ??
    (await insertUser(app.db, { email, locale: clientLocale ?? 'en' })) ??
    (await findUserByEmail(app.db, email));
  if (!user) throw new AppError(409, 'CONFLICT', 'This e-mail changed hands while signing in. Please try again');
  assertEnabled(user);
  return authResponse(app, user);
}

/** Null when the e-mail is unknown, has no password or the password is wrong: callers cannot tell which. */
export async function signInWithPassword(app: FastifyInstance, email: string, password: string): Promise<AuthResponse | null> {
  const user = await findUserByEmail(app.db, email);
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) return null;
  assertEnabled(user);
  return authResponse(app, user);
}

export async function signInWithMagicToken(app: FastifyInstance, token: string): Promise<AuthResponse> {
  const externalId = await redeemMagicToken(app.db, hashToken(token));
  if (!externalId) throw new AppError(401, 'BAD_TOKEN', 'This sign-in link is invalid, expired or already used');
  const user = await findOrCreateLinkedUser(app.db, externalId);
  if (!user) throw new AppError(409, 'CONFLICT', 'This messaging account cannot be linked right now. Please try again');
  assertEnabled(user);
  return authResponse(app, user);
}
