import type { TherapyType, WorkLanguage } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PsychologistKey } from './cursor.js';
import type { Availability, BlockedDays, BookedSlot, ExtraSlot, WeeklySlot } from './free-slots.js';

export type PsychologistWeek = Availability & {
  id: number;
  firstName: string;
  lastName: string;
  description: string;
  languages: WorkLanguage[];
};

/**
 * Which psychologists a search is about, and when: slots that start in [from, to). `firstDay` and `lastDay` bound the dates
 * of any psychologist's wall clock those instants fall on (two days either side of the caller's dates covers every
 * pair of zones). `platformZone` is the zone of psychologists who set none.
 */
export type PsychologistFilter = {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
  platformZone: string;
  /** Offering one of these; any psychologist when left out. */
  therapyTypes?: TherapyType[];
  /** Working in one of these; any language when left out or empty. */
  languages?: WorkLanguage[];
  psychologistId?: number;
};
/** A page of psychologists: after which key, how many, and the instant before which slots do not count. */
export type PageWindow = { after?: PsychologistKey; limit: number; now: Date };

/**
 * The integer tuples of a comma-separated list ("1,540,600,3,600,660"); none for null. Read digit by digit, which costs
 * less than splitting the text and converting each piece (it runs for every psychologist of a page).
 */
function tuples<T extends number[]>(list: unknown, size: number): T[] {
  if (typeof list !== 'string' || list === '') return [];
  const out: T[] = [];
  let tuple: number[] = [];
  let n = 0;
  let sign = 1;
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 44;
    if (c === 44) {
      tuple.push(sign * n);
      n = 0;
      sign = 1;
      if (tuple.length === size) {
        out.push(tuple as T);
        tuple = [];
      }
    } else if (c === 45) sign = -1;
    else n = n * 10 + c - 48;
  }
  return out;
}

/** A text[] parameter ('{"a","b"}'); NULL for any. */
const textArray = (list: string[] | undefined) =>
  list === undefined ? sql`NULL::text[]` : sql`${`{${list.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Before the first psychologist in the search's order: every name is at least '' and every id above 0. */
const START: PsychologistKey = { firstName: '', lastName: '', id: 0 };

/**
 * Every bookable (enabled, onboarded, verified) psychologist offering one of the types, with their zone, weekly
 * schedule, exceptions near the range and confirmed appointments near it. With a page window, psychologists are read
 * in order from users_psychologist_name_idx after the window's key, only those with a free slot in the range count,
 * and reading stops at limit + 1 (the extra one tells that a next page exists). The SQL is the database function
 * search_psychologist_weeks (migration 0033), so each session plans it once: planning the query used to cost more
 * than running it. Lists come back as comma-separated integer tuples in one text each, cheaper to build, move and
 * parse than nested arrays or JSON.
 */
export async function findPsychologistWeeks(db: Db, q: PsychologistFilter, page?: PageWindow): Promise<PsychologistWeek[]> {
  const after = page?.after ?? START;
  const result = await db.execute(sql`
    SELECT * FROM search_psychologist_weeks(${q.from}::timestamptz, ${q.to}::timestamptz, ${q.firstDay}::date,
      ${q.lastDay}::date, ${q.platformZone}::text, ${textArray(q.therapyTypes)},
      ${textArray(q.languages?.length ? q.languages : undefined)}, ${q.psychologistId ?? null}::int, ${page !== undefined}::boolean,
      ${after.firstName}::text, ${after.lastName}::text, ${after.id}::int, ${page ? page.limit + 1 : null}::int,
      ${page?.now ?? null}::timestamptz)`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    description: String(r.description),
    languages: (r.languages ?? []) as WorkLanguage[],
    zone: String(r.zone),
    week: tuples<WeeklySlot>(r.week, 3),
    blocks: tuples<BlockedDays>(r.blocks, 2),
    extras: tuples<ExtraSlot>(r.extras, 3),
    booked: [...tuples<BookedSlot>(r.booked, 2), ...tuples<BookedSlot>(r.group_booked, 2)],
  }));
}
