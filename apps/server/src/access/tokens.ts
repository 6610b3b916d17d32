import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import type { AppEvents } from '../lib/app-events.js';
import { AppError, unauthorized } from '../lib/errors.js';
import {
  findSession,
  insertSession,
  markSessionSeen,
  markSessionVerified,
  revokeSession,
  revokeUserSessions,
} from './repository.js';
import { type LiveSession, SessionCache } from './session-cache.js';

const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const MAX_ID = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const disabled = () => new AppError(403, 'DISABLED', 'This account is disabled');
const expired = () => unauthorized('Your session has expired. Please sign in again');

/** The device a session is opened from, as its owner will see it in their list. */
export type SessionDevice = { userAgent?: string; network?: string };

/** What a checked token names (kept beside the cache, which holds them). */
export type { LiveSession };

/** Sessions are marked seen at most this often, so a busy session does not write on every request. */
const SEEN_EVERY_MS = 60_000;

/** What a verified token names: its session and the account it belongs to. */
type TokenClaims = { sessionId: string; userId: number; expiresAtMs: number };

/**
 * The one token check, for HTTP and the signalling handshake alike: a signed HS256 token with `exp`, a plain
 * positive integer subject and a live session of that subject, whose account is enabled. A checked token is
 * believed for up to a second (see SessionCache), less the moment its session or account is announced as changed.
 */
export class Tokens {
  // Imported once: given raw bytes (or a KeyObject), every sign and verify would import the key anew.
  private readonly key: Promise<CryptoKey>;
  readonly cache = new SessionCache();
  /** Settles once other processes have been told of the sessions ended so far (set when they share a Redis). */
  noticesSent: () => Promise<void> = async () => {};

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date,
    private readonly events: AppEvents,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // Registered before anyone else listens, so later listeners (signalling) already see the database's truth.
    events.on('sessionsRevoked', (userId) => this.cache.dropUser(userId));
    events.on('accountChanged', (userId) => this.cache.dropUser(userId));
    events.on('sessionRevoked', (sessionId) => this.cache.dropSession(sessionId));
  }

  /** Opens a session for the account (from this device, with or without a second factor) and answers its bearer token. */
  async issue(userId: number, opts: { device?: SessionDevice; twoFactor?: boolean } = {}): Promise<string> {
    return (await this.open(userId, opts)).token;
  }

  /** `issue`, also naming the session opened. */
  async open(
    userId: number,
    opts: { device?: SessionDevice; twoFactor?: boolean } = {},
  ): Promise<{ token: string; sessionId: string }> {
    const sessionId = randomUUID();
    const now = this.now();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
    await insertSession(
      this.db,
      {
        id: sessionId,
        userId,
        expiresAt: new Date(expiresAt * 1000),
        userAgent: opts.device?.userAgent?.slice(0, 500),
        network: opts.device?.network,
        twoFactor: opts.twoFactor ?? false,
      },
      now,
    );
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.key);
    return { token, sessionId };
  }

  /** The claims of a well-formed, correctly signed, unexpired token; 401 for anything else. */
  private async claims(token: string): Promise<TokenClaims> {
    let payload: { sub?: string; jti?: string; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'jti'],
        currentDate: this.now(),
      }));
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) throw expired();
      throw err;
    }
    const { sub = '', jti = '' } = payload;
    if (!/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > MAX_ID || !UUID.test(jti)) throw expired();
    return { sessionId: jti, userId: Number(sub), expiresAtMs: (payload.exp ?? 0) * 1000 };
  }

  /** The enabled account signed in with this token and its session; 401 when not a live session, 403 when disabled. */
  async session(token: string): Promise<LiveSession> {
    const now = this.now();
    const cached = this.cache.get(token, now);
    if (cached) return this.enabled(cached);
    const { sessionId, userId, expiresAtMs } = await this.claims(token);
    const found = await findSession(this.db, sessionId, userId, now);
    // A session ended by disabling the account is told why (the account is still disabled), any other ended one not.
    if (!found || (found.ended && found.user.enabled)) throw expired();
    if (found.ended) throw disabled();
    if (now.getTime() - found.lastSeenAt.getTime() >= SEEN_EVERY_MS) await markSessionSeen(this.db, sessionId, now);
    const live = { user: found.user, sessionId, twoFactor: found.twoFactor, verifiedAt: found.verifiedAt };
    this.cache.set(token, { ...live, expiresAtMs });
    return this.enabled(live);
  }

  private enabled(session: LiveSession): LiveSession {
    if (!session.user.enabled) throw disabled();
    const { user, sessionId, twoFactor, verifiedAt } = session;
    return { user, sessionId, twoFactor, verifiedAt };
  }

  /** The owner proved a factor again on this session: sensitive actions pass for a while (and it counts as two). */
  async verified(sessionId: string, userId: number, opts: { twoFactor?: boolean } = {}): Promise<void> {
    await markSessionVerified(this.db, sessionId, this.now(), opts.twoFactor ?? false);
    // Every process forgets its cached copy of the account's sessions, this one among them.
    this.events.emit('accountChanged', userId);
    await this.noticesSent();
  }

  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId, this.now());
    this.events.emit('sessionRevoked', sessionId);
    // Answered only once told, so the token is refused on every process by the time the client hears it ended.
    await this.noticesSent();
  }

  async revokeAll(userId: number): Promise<void> {
    await revokeUserSessions(this.db, userId, this.now());
    this.events.emit('sessionsRevoked', userId);
    await this.noticesSent();
  }

  /** Call after any write to the account's row, so nothing serves a stale copy of it. */
  accountChanged(userId: number): void {
    this.events.emit('accountChanged', userId);
  }
}
