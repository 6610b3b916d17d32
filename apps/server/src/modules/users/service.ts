import type { Locale, Role } from '@rozmova/contract';
import type { AppContext, ViewerContext } from '../../access/context.js';
import { revokeUserSessions } from '../../access/repository.js';
import type { UserRow } from '../../db/schema/index.js';
import { accountLocale } from '../../lib/accept-language.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import {
  anonymiseUser,
  ensureRoleProfile,
  findUserByEmail,
  insertUser,
  isKnownZone,
  type PatientProfileRow,
  type PsychologistProfileRow,
  setVerified,
  updateUser,
} from './repository.js';

export type AccountInput = {
  email: string;
  role: Role;
  password?: string;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  locale?: Locale;
  profile?: Omit<PsychologistProfileRow, 'userId'> & Omit<PatientProfileRow, 'userId'>;
};

/**
 * Makes a ready-to-use account with a role (staff accounts, the demo seed), or gives an existing
 * account that role and password. Accounts made this way skip onboarding. A new password or another role ends every
 * session of an existing account (`sessionsEnded`): a token must not outlive the credential or the role it was
 * given for. The caller tells the running processes (`Tokens.revokeAll`'s event, or the CLI's notice over Redis).
 */
export async function upsertAccount(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: AccountInput,
): Promise<{ user: UserRow; created: boolean; sessionsEnded: boolean }> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    const fields = {
      role: input.role,
      profileCompleted: true,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      locale: input.locale,
    };
    const user = existing
      ? await updateUser(tx, existing.id, fields)
      : await insertUser(tx, { ...fields, email: input.email, enabled: true });
    if (!user) throw new Error(`could not save the account ${input.email}`);
    await ensureRoleProfile(tx, user.id, input.role, input.profile);
    // Staff make these accounts themselves, so a psychologist made this way has been checked.
    if (input.role === 'PSYCHOLOGIST') await setVerified(tx, user.id, true);
    const sessionsEnded = Boolean(existing && (passwordHash !== undefined || existing.role !== input.role));
    if (sessionsEnded) await revokeUserSessions(tx, user.id, ctx.clock.instant());
    return { user, created: !existing, sessionsEnded };
  });
}

/** The account's one language (screens and mail); an unknown stored value reads as English. */
export const languageOf = (user: Pick<UserRow, 'locale'>): Locale => accountLocale(user.locale);

/** Sets the signed-in account's language, which its mail follows from now on. */
export async function setLanguage(ctx: ViewerContext, language: Locale): Promise<{ language: Locale }> {
  await updateUser(ctx.db, ctx.user.id, { locale: language });
  ctx.tokens.accountChanged(ctx.user.id);
  return { language };
}

/** The zone an account's times are shown in (kept here too for the modules that ask the users module). */
export { timeZoneOf } from '../../lib/account-zone.js';

/**
 * Refuses a canonical zone this database does not know (its zone data older than the contract's list), which the
 * accounts' foreign key would otherwise refuse as a server error.
 */
export async function assertKnownZone(ctx: Pick<AppContext, 'db'>, timeZone: string, field: string): Promise<void> {
  if (!(await isKnownZone(ctx.db, timeZone))) throw badRequest(field, `The time zone ${timeZone} is not known to the database`);
}

/** Sets the zone the signed-in account's times are shown in: a canonical name (see canonicalZone). */
export async function setTimeZone(ctx: ViewerContext, timeZone: string): Promise<{ timeZone: string }> {
  await assertKnownZone(ctx, timeZone, 'body.timeZone');
  await updateUser(ctx.db, ctx.user.id, { timeZone });
  ctx.tokens.accountChanged(ctx.user.id);
  return { timeZone };
}

/**
 * The owner asked to delete the account: what names or reaches them is erased and every session ends at once, so it
 * can sign in no more and its e-mail may register again as a new person.
 */
export async function eraseAccount(ctx: Pick<AppContext, 'db' | 'clock' | 'tokens'>, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await anonymiseUser(tx, userId);
    await revokeUserSessions(tx, userId, ctx.clock.instant());
  });
  await ctx.tokens.revokeAll(userId);
  ctx.tokens.accountChanged(userId);
}

/**
 * The account's rows as other modules read and write them inside their own transactions (each takes the transaction
 * as `db`): the users module's public face over its repositories, which no other module imports.
 */
export { findOwnRow, saveOwnProfile } from './profile-repository.js';
export {
  ensureRoleProfile,
  findUserByEmail,
  findUserByExternalId,
  insertUser,
  setConfirmedEmail,
  setVerified,
  type UserPatch,
} from './repository.js';
