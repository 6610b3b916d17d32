import { randomUUID } from 'node:crypto';
import type { AuthResponse, Passkey } from '@rozmova/contract';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { Config } from '../../config.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { findUserByEmail } from '../users/service.js';
import { factorCounts, findAccount } from './mfa-repository.js';
import {
  deletePasskey,
  findByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  markUsed,
  type PasskeyRow,
  renamePasskey,
  takeChallenge,
} from './passkeys-repository.js';
import { type SignInContext, sessionResponse } from './session-response.js';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Rozmova';

/**
 * The relying party: PUBLIC_URL's host, or `localhost` for a page opened there (browsers refuse an IP address as a
 * passkey's domain, so local runs on 127.0.0.1 use passkeys through localhost).
 */
function relyingParty(config: Config, origin: string | undefined): { rpID: string; origin: string } {
  const own = new URL(config.publicUrl);
  if (origin) {
    try {
      const asked = new URL(origin);
      if (asked.hostname === 'localhost' && asked.protocol === 'http:') return { rpID: 'localhost', origin: asked.origin };
    } catch {}
  }
  return { rpID: own.hostname, origin: own.origin };
}

const refused = () => new AppError(400, 'BAD_CODE', 'The passkey could not be verified. Please try again');
const shape = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});
const transportsOf = (p: PasskeyRow) => p.transports as AuthenticatorTransport[];
/** Options go to the browser as they are; the contract checks only their challenge. */
const asJson = (options: { challenge: string }) => options as { challenge: string; [key: string]: unknown };

async function newChallenge(ctx: AppContext, challenge: string, userId: number | null): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.instant();
  await insertChallenge(ctx.db, { id, challenge, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) }, now);
  return id;
}

export async function passkeys(ctx: ViewerContext): Promise<Passkey[]> {
  return (await listPasskeys(ctx.db, ctx.user.id)).map(shape);
}

/** Options to create a discoverable passkey for this account, none of its own passkeys again. */
export async function registrationOptions(ctx: ViewerContext, origin: string | undefined) {
  const { rpID } = relyingParty(ctx.config, origin);
  const own = await listPasskeys(ctx.db, ctx.user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: ctx.user.email,
    userID: new TextEncoder().encode(`rozmova-user-${ctx.user.id}`),
    userDisplayName: [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(' ') || ctx.user.email,
    attestationType: 'none',
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await newChallenge(ctx, options.challenge, ctx.user.id), options: asJson(options) };
}

export async function registerPasskey(
  ctx: ViewerContext,
  input: { challengeId: string; name: string; response: unknown; origin?: string },
): Promise<Passkey> {
  const challenge = await takeChallenge(ctx.db, input.challengeId, ctx.clock.instant());
  if (!challenge || challenge.userId !== ctx.user.id) throw refused();
  const rp = relyingParty(ctx.config, input.origin);
  const verified = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const saved = await insertPasskey(ctx.db, {
    userId: ctx.user.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name,
    createdAt: ctx.clock.instant(),
  });
  if (!saved) throw conflict('CONFLICT', 'This passkey is registered already');
  return shape(saved);
}

export async function renameOwnPasskey(ctx: ViewerContext, id: number, name: string): Promise<Passkey> {
  const row = await renamePasskey(ctx.db, ctx.user.id, id, name);
  if (!row) throw notFound('Passkey');
  return shape(row);
}

/** A role that must have a second factor keeps its last one. */
export async function removePasskey(ctx: ViewerContext, id: number): Promise<void> {
  const { totp, passkeys: count } = await factorCounts(ctx.db, ctx.user.id);
  const required = ctx.user.role !== null && ctx.config.mfaRequiredRoles.includes(ctx.user.role);
  const own = (await listPasskeys(ctx.db, ctx.user.id)).some((p) => p.id === id);
  if (!own) throw notFound('Passkey');
  if (required && !totp && count <= 1) throw conflict('CONFLICT', 'Your role must keep a second factor: set up another first');
  if (!(await deletePasskey(ctx.db, ctx.user.id, id))) throw notFound('Passkey');
}

/** Options to sign in: the account's passkeys when an e-mail is given, else whichever the device holds. */
export async function signInOptions(ctx: AppContext, input: { email?: string; origin?: string }) {
  const { rpID } = relyingParty(ctx.config, input.origin);
  const user = input.email ? await findUserByEmail(ctx.db, input.email) : undefined;
  const own = user ? await listPasskeys(ctx.db, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'preferred',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
  });
  return { challengeId: await newChallenge(ctx, options.challenge, null), options: asJson(options) };
}

/** A passkey is both factors: a verified assertion opens a two-factor session. */
export async function signInWithPasskey(
  ctx: SignInContext,
  input: { challengeId: string; response: { id: string }; origin?: string },
): Promise<AuthResponse> {
  const now = ctx.clock.instant();
  const challenge = await takeChallenge(ctx.db, input.challengeId, now);
  const passkey = await findByCredentialId(ctx.db, input.response.id);
  if (!challenge || !passkey) {
    ctx.events.emit('signInFailed', 'code');
    throw new AppError(401, 'BAD_CREDENTIALS', 'This passkey is not known here, or the sign-in took too long');
  }
  const rp = relyingParty(ctx.config, input.origin);
  const verified = await verifyAuthenticationResponse({
    response: input.response as AuthenticationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) {
    ctx.events.emit('signInFailed', 'code');
    throw new AppError(401, 'BAD_CREDENTIALS', 'The passkey could not be verified');
  }
  await markUsed(ctx.db, passkey.id, verified.authenticationInfo.newCounter, now);
  const user = await findAccount(ctx.db, passkey.userId);
  if (!user?.enabled) throw new AppError(403, 'DISABLED', 'This account is disabled');
  return sessionResponse(ctx, user, { twoFactor: true });
}
