import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { LastRiskMail } from './risk-pace.js';

const aboutPatient = (patientId: number) => sql`(${notifications.details}->>'patientId')::int = ${patientId}`;

/**
 * The psychologist's last risk alert about the patient whose mail went out or waits to. Locked, so that the mail
 * worker cannot claim it between this look and an alert added to it: the claim waits, and its mail counts the alert.
 */
export async function lastRiskMail(
  db: Db,
  userId: number,
  patientId: number,
): Promise<(LastRiskMail & { id: number }) | undefined> {
  const [row] = await db
    .select({
      id: notifications.id,
      mail: notifications.mail,
      mailedAt: notifications.mailedAt,
      claimed: sql<boolean>`coalesce(${notifications.mailClaimedUntil} > now(), false)`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'RISK_ALERT'),
        aboutPatient(patientId),
        inArray(notifications.mail, ['PENDING', 'SENT']),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1)
    .for('update');
  return row && { ...row, mail: row.mail as LastRiskMail['mail'] };
}

/**
 * How many risk alerts the mail of one stands for: itself and the same psychologist's about the same patient that
 * joined it while it waited (recorded after it, up to the next alert with a mail of its own).
 */
export async function riskAlertsCarried(db: Db, notificationId: number): Promise<number> {
  const result = await db.execute(sql`
    with x as (select id, user_id, details->>'patientId' as patient from notifications where id = ${notificationId}),
    later as (
      select n.id, n.mail from notifications n, x
      where n.user_id = x.user_id and n.kind = 'RISK_ALERT' and n.details->>'patientId' = x.patient and n.id >= x.id
    )
    select count(*)::int as n from later, x
    where later.id < coalesce((select min(id) from later where mail in ('PENDING', 'SENT') and id > x.id), 2147483647)`);
  return Number((result as unknown as { rows: { n: unknown }[] }).rows[0]?.n ?? 1);
}
