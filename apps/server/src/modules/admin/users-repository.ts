import type { Role } from '@rozmova/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Everyone } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { psychologistProfiles, users } from '../../db/schema/index.js';
import { likePattern } from '../../lib/paging.js';

export type UserListFilter = { q?: string; role?: Role; verified?: boolean };

const verifiedColumn = sql<boolean>`coalesce(${psychologistProfiles.verified}, false)`;

export const userRowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  enabled: users.enabled,
  role: users.role,
  verified: verifiedColumn,
};
export type AdminUserDbRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  enabled: boolean;
  role: Role | null;
  verified: boolean;
};

function matching(filter: UserListFilter): SQL | undefined {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  return and(
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.verified === undefined ? undefined : and(eq(users.role, 'PSYCHOLOGIST'), eq(verifiedColumn, filter.verified)),
  );
}

/** One page of accounts matching the filter (of ALL, for admins), by id, and how many match in all. */
export async function listUsers(
  db: Db,
  _who: Everyone,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserDbRow[]; total: number }> {
  const where = matching(filter);
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(where);
  const rows = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(where)
    .orderBy(asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}

/** An account as admins list it (they read ALL). */
export async function findUserRow(db: Db, _who: Everyone, id: number): Promise<AdminUserDbRow | undefined> {
  const [row] = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Sets the enabled flag; false when there is no such account. */
export async function setEnabled(db: Db, id: number, enabled: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ enabled }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The ids of the enabled admins, their rows locked until the transaction ends: two admins changing accounts at the
 * same moment take these locks in turn, so the second sees what the first did.
 */
export async function lockEnabledAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.enabled, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}
