import {
  CRISIS_HELP_DAYS,
  type CrisisHelp,
  flagsSelfHarm,
  INSTRUMENTS,
  type Instrument,
  MEASURE_PROMPT_HOURS_BEFORE,
  type Measure,
  type MeasureBody,
  type MeasurePrompt,
  type MeasureSubmitted,
  measureScore,
  type PatientMeasures,
  severityBand,
} from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { open, seal } from '../../lib/records-cipher.js';
import { notifyRisk, sendSoon } from '../notifications/service.js';
import { crisisHelpOf } from '../patient/service.js';
import * as repo from './repository.js';

type Sealed = { answers: number[]; score: number };

/** Binds the ciphertext to its row: moved to another row, patient or instrument, it will not open. */
const aadOf = (m: { id: number; patientId: number; instrument: Instrument }) =>
  `measure:${m.id}:patient:${m.patientId}:instrument:${m.instrument}`;

function toMeasure(ctx: ViewerContext, row: repo.MeasureRow): Measure {
  const { answers, score } = JSON.parse(open(ctx.config.recordsKeyring, row, aadOf(row))) as Sealed;
  return {
    id: row.id,
    instrument: row.instrument,
    score,
    band: severityBand(row.instrument, score),
    answers,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only a patient who finished onboarding fills questionnaires. */
function checkPatient(ctx: ViewerContext): void {
  if (ctx.user.role !== 'PATIENT' || !ctx.user.profileCompleted) throw forbidden('Finish your profile first');
}

/**
 * Stores a completed questionnaire, its answers and score sealed like clinical notes. A PHQ-9 whose item 9 is above
 * "not at all" alerts the psychologists who treat the patient in the same transaction, and their mails go out at once;
 * the answer then carries where the patient finds help now.
 */
export async function submit(ctx: ViewerContext, body: MeasureBody): Promise<MeasureSubmitted> {
  checkPatient(ctx);
  const score = measureScore(body.answers);
  const createdAt = ctx.clock.instant();
  const { id, alerted } = await ctx.db.transaction(async (tx) => {
    const key = { id: await repo.nextMeasureId(tx), patientId: ctx.user.id, instrument: body.instrument };
    const sealed = seal(ctx.config.recordsKeyring, JSON.stringify({ answers: body.answers, score } satisfies Sealed), aadOf(key));
    await repo.insertMeasure(tx, { ...key, ...sealed, createdAt });
    if (!flagsSelfHarm(body.instrument, body.answers)) return { id: key.id, alerted: false };
    const psychologistIds = await repo.treatingPsychologists(tx, ctx.user);
    const notified = await notifyRisk(ctx, tx, { measureId: key.id, patientId: ctx.user.id, psychologistIds });
    return { id: key.id, alerted: notified.length > 0 };
  });
  if (alerted) sendSoon(ctx);
  const crisis = flagsSelfHarm(body.instrument, body.answers) ? await crisisHelpOf(ctx, ctx.user) : null;
  return {
    id,
    instrument: body.instrument,
    score,
    band: severityBand(body.instrument, score),
    createdAt: createdAt.toISOString(),
    ...(crisis && { crisisResources: crisis.resources }),
  };
}

/**
 * What the patient is asked to fill now: at intake, each questionnaire they never filled; else, from
 * MEASURE_PROMPT_HOURS_BEFORE before their next confirmed session, each not filled since then.
 */
async function promptFor(ctx: ViewerContext, measures: Measure[]): Promise<MeasurePrompt | null> {
  const never = INSTRUMENTS.filter((i) => !measures.some((m) => m.instrument === i));
  if (never.length > 0) return { reason: 'INTAKE', instruments: never, appointmentId: null, startsAt: null };
  const now = ctx.clock.instant();
  const next = await repo.nextSession(ctx.db, ctx.user, now);
  if (!next) return null;
  const from = next.startsAt.getTime() - MEASURE_PROMPT_HOURS_BEFORE * 3_600_000;
  if (now.getTime() < from) return null;
  const stale = INSTRUMENTS.filter((i) => !measures.some((m) => m.instrument === i && Date.parse(m.createdAt) >= from));
  if (stale.length === 0) return null;
  return { reason: 'BEFORE_SESSION', instruments: stale, appointmentId: next.id, startsAt: next.startsAt.toISOString() };
}

/** The patient's crisis help while their latest PHQ-9 flags self-harm and is at most CRISIS_HELP_DAYS old. */
async function crisisFor(ctx: ViewerContext, measures: Measure[]): Promise<CrisisHelp | null> {
  const latest = measures.findLast((m) => m.instrument === 'PHQ9');
  if (!latest || !flagsSelfHarm(latest.instrument, latest.answers)) return null;
  if (ctx.clock.instant().getTime() - Date.parse(latest.createdAt) > CRISIS_HELP_DAYS * 86_400_000) return null;
  return crisisHelpOf(ctx, ctx.user);
}

/** The signed-in patient's own completions, oldest first, what they are asked to fill now and any crisis help. */
export async function listOwn(ctx: ViewerContext): Promise<PatientMeasures> {
  checkPatient(ctx);
  const measures = (await repo.listReadable(ctx.db, ctx.user, ctx.user.id)).map((row) => toMeasure(ctx, row));
  return { measures, prompt: await promptFor(ctx, measures), crisis: await crisisFor(ctx, measures) };
}

/**
 * A patient's completions, oldest first, for the psychologist who treats them or the manager who follows them
 * (anyone else: 404). Each such read is audited once, in the transaction of the read: `detail` words what was read
 * (by default how many), or is null when the caller's act writes the one entry that says what it read (a report kept
 * as a note).
 */
export async function listAbout(
  ctx: ViewerContext,
  patientId: number,
  detail: ((read: Measure[]) => string) | null = (read) => `${read.length} completed questionnaires`,
): Promise<Measure[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.isReachablePatient(tx, ctx.user, patientId))) throw notFound('Patient');
    const rows = await repo.listReadable(tx, ctx.user, patientId);
    const measures = rows.map((row) => toMeasure(ctx, row));
    if (detail) await audit(ctx, tx, [{ action: 'MEASURE_READ', patientId, detail: detail(measures) }]);
    return measures;
  });
}

/** A deleted patient's questionnaires, kept with the clinical record, purged after the retention. */
export const purgeMeasuresOf = (ctx: Pick<ViewerContext, 'db'>, patientId: number): Promise<void> =>
  repo.deleteAllOf(ctx.db, patientId);
