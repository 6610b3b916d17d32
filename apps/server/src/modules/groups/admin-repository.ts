import { count, desc, eq } from 'drizzle-orm';
import type { Everyone } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { groupPrograms, users } from '../../db/schema/index.js';

/** Every program (admins say ALL), newest first, one page of them, with its psychologist and how many there are. */
export async function listAllPrograms(db: Db, _who: Everyone, page: { limit: number; offset: number }) {
  const [{ total }] = await db.select({ total: count() }).from(groupPrograms);
  const rows = await db
    .select({
      program: groupPrograms,
      psychologist: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(groupPrograms)
    .innerJoin(users, eq(users.id, groupPrograms.psychologistId))
    .orderBy(desc(groupPrograms.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}
