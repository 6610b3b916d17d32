import {
  type AdminProfile,
  type AdminUserRow,
  type adminProfileUpdateSchema,
  type adminUsersQuerySchema,
  type Page,
  toRoleName,
} from '@rozmova/contract';
import type { z } from 'zod';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { ALL } from '../../access/relations.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { notifyVerification, sendSoon } from '../notifications/service.js';
import { findOwnRow, saveOwnProfile, setVerified } from '../users/service.js';
import * as repo from './users-repository.js';

export const toUserRow = (row: repo.AdminUserDbRow): AdminUserRow => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  enabled: row.enabled,
  roles: row.role ? [toRoleName(row.role)] : [],
  verified: row.role === 'PSYCHOLOGIST' ? row.verified : null,
});

async function userRow(ctx: ViewerContext, id: number): Promise<AdminUserRow> {
  const row = await repo.findUserRow(ctx.db, ALL, id);
  if (!row) throw notFound('User');
  return toUserRow(row);
}

export async function listUsers(ctx: ViewerContext, query: z.output<typeof adminUsersQuerySchema>): Promise<Page<AdminUserRow>> {
  const { q, role, verified } = query;
  const { rows, total } = await repo.listUsers(ctx.db, ALL, { q: q || undefined, role, verified }, pageWindow(query));
  return toPage(rows.map(toUserRow), total, query);
}

/**
 * Enables or disables an account. Disabling ends its sessions at once; an admin cannot disable themself. The caller is
 * checked again inside the transaction, under the admins' row locks: of two admins disabling each other at the same
 * moment the second finds itself disabled and is refused, so the last enabled admin always stays.
 */
export async function setEnabled(ctx: ViewerContext, input: { id: number; enable: boolean }): Promise<AdminUserRow> {
  const { id, enable } = input;
  if (id === ctx.user.id && !enable) throw conflict('CANNOT_DISABLE_SELF', 'You cannot disable your own account');
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockEnabledAdmins(tx)).includes(ctx.user.id)) {
      throw new AppError(403, 'DISABLED', 'Your account has been disabled');
    }
    if (!(await repo.setEnabled(tx, id, enable))) throw notFound('User');
    await audit(ctx, tx, [{ action: enable ? 'USER_ENABLE' : 'USER_DISABLE', subjectId: id }]);
  });
  if (!enable) await ctx.tokens.revokeAll(id);
  ctx.tokens.accountChanged(id);
  return userRow(ctx, id);
}

/**
 * Marks a psychologist's documents as checked (bookable) or not; any other account is 404. Not verified with a reason
 * is a rejection the psychologist sees; without one, a withdrawal back to awaiting a check. The psychologist hears of
 * an approval or a withdrawal that changes their state, and of every rejection (each has its reason), in the bell
 * and by mail.
 */
export async function setPsychologistVerified(
  ctx: ViewerContext,
  input: { id: number; verified: boolean; reason?: string },
): Promise<AdminUserRow> {
  const { id, verified, reason } = input;
  if (verified && reason !== undefined) throw badRequest('reason', 'A reason is given only when rejecting (verified=false)');
  const action = verified ? 'PSYCHOLOGIST_VERIFY' : reason !== undefined ? 'PSYCHOLOGIST_REJECT' : 'PSYCHOLOGIST_UNVERIFY';
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findUserRow(tx, ALL, id);
    const decision = { rejectionReason: reason ?? null, at: ctx.clock.instant() };
    if (row?.role !== 'PSYCHOLOGIST' || !(await setVerified(tx, id, verified, decision))) throw notFound('Psychologist');
    await audit(ctx, tx, [{ action, subjectId: id, detail: reason }]);
    const outcome = verified ? 'VERIFIED' : reason !== undefined ? 'VERIFICATION_REJECTED' : 'VERIFICATION_WITHDRAWN';
    if (outcome === 'VERIFICATION_REJECTED' || row.verified !== verified) {
      await notifyVerification(ctx, tx, { psychologistId: id, outcome, reason: reason ?? null, at: decision.at });
    }
  });
  sendSoon(ctx);
  ctx.tokens.accountChanged(id);
  return userRow(ctx, id);
}

/**
 * Only the signed-in admin's own profile: an e-mail naming anyone else is 404, like any object not theirs (a 403 would
 * mean a wrong role, and log the web app out).
 */
function ownOnly(ctx: ViewerContext, email?: string): void {
  if (email !== undefined && email !== ctx.user.email.toLowerCase()) throw notFound('Profile');
}

const toProfile = (row: UserRow): AdminProfile => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  enabled: row.enabled,
  version: row.profileVersion,
});

export async function getProfile(ctx: ViewerContext, email?: string): Promise<AdminProfile> {
  ownOnly(ctx, email);
  const row = await findOwnRow(ctx.db, ctx.user.id);
  if (!row) throw notFound('User');
  return toProfile(row);
}

/** Only the names change, never over a newer save (409 STALE). */
export async function updateProfile(
  ctx: ViewerContext,
  input: { email?: string; body: z.output<typeof adminProfileUpdateSchema> },
): Promise<AdminProfile> {
  ownOnly(ctx, input.email);
  const { version, ...names } = input.body;
  const row = await saveOwnProfile(ctx.db, ctx.user.id, names, version);
  ctx.tokens.accountChanged(row.id);
  return toProfile(row);
}
