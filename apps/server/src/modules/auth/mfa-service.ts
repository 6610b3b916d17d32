import {
  type AuthResponse,
  type MfaStatus,
  RECOVERY_CODE_COUNT,
  type SecondFactor,
  type SignInResponse,
} from '@rozmova/contract';
import type { AppContext, ViewerContext } from '../../access/context.js';
import { mustEnrol } from '../../access/mfa-gate.js';
import type { UserRow } from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../lib/codes.js';
import { AppError, conflict, RateLimitedError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { useCode } from './codes-service.js';
import {
  confirmTotp,
  countChallengeTry,
  deleteTotp,
  factorCounts,
  findAccount,
  findChallenge,
  findTotp,
  hasConfirmedTotp,
  insertChallenge,
  recentWrongTries,
  replaceRecoveryCodes,
  saveUnconfirmedTotp,
  spendChallenge,
  takeTimeStep,
  useRecoveryCode,
} from './mfa-repository.js';
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpStep,
} from './mfa-totp.js';
import { listPasskeys } from './passkeys-repository.js';
import { type SignInContext, sessionResponse } from './session-response.js';

const CHALLENGE_TTL_MINUTES = 5;
/** Wrong codes one second step takes, and one account takes over a quarter of an hour, before refusing. */
const CHALLENGE_MAX_TRIES = 5;
const ACCOUNT_MAX_TRIES = 10;

const badCode = () => new AppError(400, 'BAD_CODE', 'Wrong or already used code');

/**
 * What a passed first factor answers: a session when the account has no second factor, else a short-lived mfaToken
 * for POST /auth/mfa, and no token that reaches data.
 */
export async function signInResponse(ctx: SignInContext, user: UserRow): Promise<SignInResponse> {
  const methods: SecondFactor[] = [];
  if (await hasConfirmedTotp(ctx.db, user.id)) methods.push('TOTP');
  // A passkey is a second factor too: an account that has one is not let in on a password alone.
  if ((await listPasskeys(ctx.db, user.id)).length > 0) methods.push('PASSKEY');
  if (methods.length === 0) return sessionResponse(ctx, user);
  const { token, hash } = generateToken();
  const now = ctx.clock.instant();
  await insertChallenge(
    ctx.db,
    { tokenHash: hash, userId: user.id, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MINUTES * 60_000) },
    now,
  );
  return { mfaRequired: true, mfaToken: token, methods };
}

/** A code from the authenticator app (once per time step) or an unused recovery code; false when neither. */
export async function checkSecondFactor(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const now = ctx.clock.instant();
  if (isRecoveryCode(code)) return useRecoveryCode(ctx.db, userId, hashRecoveryCode(ctx.config.jwtSecret, userId, code), now);
  const row = await findTotp(ctx.db, userId);
  if (!row?.confirmedAt) return false;
  const step = await totpStep(openTotpSecret(ctx.config.recordsKeyring, userId, row), code, now);
  return step !== undefined && (await takeTimeStep(ctx.db, userId, step));
}

/** The second step of a sign-in: answers what the first step would have answered without a second factor. */
export async function completeSecondStep(ctx: SignInContext, input: { mfaToken: string; code: string }): Promise<AuthResponse> {
  const now = ctx.clock.instant();
  const tokenHash = hashToken(input.mfaToken);
  const challenge = await findChallenge(ctx.db, tokenHash, now);
  if (!challenge) throw new AppError(401, 'BAD_TOKEN', 'This sign-in step has expired. Please sign in again');
  const waitFor = Math.ceil((challenge.expiresAt.getTime() - now.getTime()) / 1000);
  if (challenge.attempts >= CHALLENGE_MAX_TRIES || (await recentWrongTries(ctx.db, challenge.userId, now)) >= ACCOUNT_MAX_TRIES) {
    throw new RateLimitedError(Math.max(1, waitFor), 'Too many wrong codes. Please sign in again later.');
  }
  if (!(await checkSecondFactor(ctx, challenge.userId, input.code))) {
    await countChallengeTry(ctx.db, tokenHash);
    ctx.events.emit('signInFailed', 'code');
    throw badCode();
  }
  if (!(await spendChallenge(ctx.db, tokenHash, now))) throw new AppError(401, 'BAD_TOKEN', 'This sign-in step was already used');
  const user = await findAccount(ctx.db, challenge.userId);
  if (!user?.enabled) throw new AppError(403, 'DISABLED', 'This account is disabled');
  return sessionResponse(ctx, user, { twoFactor: true });
}

export async function mfaStatus(ctx: ViewerContext, session: { twoFactor: boolean }): Promise<MfaStatus> {
  const counts = await factorCounts(ctx.db, ctx.user.id);
  const required = ctx.user.role !== null && ctx.config.mfaRequiredRoles.includes(ctx.user.role);
  return { ...counts, required, enrolmentRequired: mustEnrol(ctx.config.mfaRequiredRoles, { user: ctx.user, ...session }) };
}

/** A new authenticator-app secret to scan; refused while one is confirmed (remove it first). */
export async function startTotp(ctx: ViewerContext) {
  const { secret, sealed, otpauthUrl } = newTotpSecret(ctx.config.recordsKeyring, ctx.user.id, ctx.user.email);
  const saved = await saveUnconfirmedTotp(
    ctx.db,
    { userId: ctx.user.id, secret: sealed.content, keyVersion: sealed.keyVersion },
    ctx.clock.instant(),
  );
  if (!saved) throw conflict('CONFLICT', 'An authenticator app is already set up. Remove it first');
  return { secret, otpauthUrl };
}

async function freshRecoveryCodes(ctx: ViewerContext): Promise<string[]> {
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await replaceRecoveryCodes(
    ctx.db,
    ctx.user.id,
    codes.map((c) => hashRecoveryCode(ctx.config.jwtSecret, ctx.user.id, c)),
  );
  return codes;
}

/** The first right code proves the app holds the secret: it is on from now, and this session counts as two-factor. */
export async function confirmTotpCode(ctx: ViewerContext, sessionId: string, code: string) {
  const row = await findTotp(ctx.db, ctx.user.id);
  if (!row || row.confirmedAt) throw conflict('CONFLICT', 'Start setting up an authenticator app first');
  const now = ctx.clock.instant();
  const step = await totpStep(openTotpSecret(ctx.config.recordsKeyring, ctx.user.id, row), code, now);
  if (step === undefined || !(await takeTimeStep(ctx.db, ctx.user.id, step))) throw badCode();
  if (!(await confirmTotp(ctx.db, ctx.user.id, now))) throw conflict('CONFLICT', 'This authenticator app is already set up');
  const recoveryCodes = await freshRecoveryCodes(ctx);
  await ctx.tokens.verified(sessionId, ctx.user.id, { twoFactor: true });
  return { recoveryCodes };
}

export async function newRecoveryCodeSet(ctx: ViewerContext) {
  if (!(await hasConfirmedTotp(ctx.db, ctx.user.id))) throw conflict('CONFLICT', 'Set up an authenticator app first');
  return { recoveryCodes: await freshRecoveryCodes(ctx) };
}

/** Turns the authenticator app off; a role that must have a second factor keeps it unless a passkey remains. */
export async function removeTotp(ctx: ViewerContext): Promise<void> {
  const { passkeys } = await factorCounts(ctx.db, ctx.user.id);
  const required = ctx.user.role !== null && ctx.config.mfaRequiredRoles.includes(ctx.user.role);
  if (required && passkeys === 0) throw conflict('CONFLICT', 'Your role must keep a second factor: add a passkey first');
  if (!(await deleteTotp(ctx.db, ctx.user.id))) throw new AppError(404, 'NOT_FOUND', 'No authenticator app is set up');
}

/** Proves it is still the owner on this session (a second-factor code, the password or a mailed code). */
export async function recheck(
  ctx: ViewerContext,
  sessionId: string,
  input: { code?: string; password?: string; emailCode?: string },
): Promise<void> {
  const { user } = ctx;
  let ok = false;
  if (input.code !== undefined) ok = await checkSecondFactor(ctx, user.id, input.code);
  else if (input.password !== undefined)
    ok = user.passwordHash !== null && (await verifyPassword(input.password, user.passwordHash));
  else if (input.emailCode !== undefined) {
    await useCode(ctx, { purpose: 'SIGN_IN', email: user.email, userId: null }, input.emailCode);
    ok = true;
  }
  if (!ok) throw new AppError(400, 'BAD_CODE', input.password !== undefined ? 'Wrong password' : 'Wrong or already used code');
  await ctx.tokens.verified(sessionId, user.id);
}

/** Gives an account an authenticator app already confirmed with this secret (the demo's staff). */
export async function presetTotp(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, userId: number, secret: string) {
  const sealed = sealTotpSecret(ctx.config.recordsKeyring, userId, secret);
  const now = ctx.clock.instant();
  await saveUnconfirmedTotp(ctx.db, { userId, secret: sealed.content, keyVersion: sealed.keyVersion }, now);
  await confirmTotp(ctx.db, userId, now);
}
