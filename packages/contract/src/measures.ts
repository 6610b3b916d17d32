import { z } from 'zod';
import { crisisHelpSchema, crisisResourceSchema } from './crisis.js';

/**
 * Outcome measures: the PHQ-9 (depression) and the GAD-7 (anxiety), both by Drs. Robert L. Spitzer, Janet B.W.
 * Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc.; no permission is required to
 * reproduce, translate, display or distribute them (https://www.phqscreeners.com). The item texts live in the web
 * app's locale files (locales/{en,uk}/measures.json, sources in locales/measures-sources.md); here are what the
 * server and the screens share: the item keys in their order, the answer values and the severity bands.
 */
export const INSTRUMENTS = ['PHQ9', 'GAD7'] as const;
export const instrumentSchema = z.enum(INSTRUMENTS);
export type Instrument = z.infer<typeof instrumentSchema>;

/** Every item is answered over the last 2 weeks: 0 not at all, 1 several days, 2 more than half the days, 3 nearly every day. */
export const MEASURE_OPTIONS = [0, 1, 2, 3] as const;
export const MEASURE_OPTION_KEYS = ['notAtAll', 'severalDays', 'moreThanHalf', 'nearlyEveryDay'] as const;

export const SEVERITY_BANDS = ['MINIMAL', 'MILD', 'MODERATE', 'MODERATELY_SEVERE', 'SEVERE'] as const;
export const severityBandSchema = z.enum(SEVERITY_BANDS);
export type SeverityBand = z.infer<typeof severityBandSchema>;

/** A band from its lowest score (inclusive) to its highest (inclusive). */
export type BandRange = { band: SeverityBand; min: number; max: number };

export type InstrumentDefinition = { items: readonly string[]; bands: readonly BandRange[]; maxScore: number };

/** Kroenke, Spitzer & Williams (2001), J Gen Intern Med 16:606–613: cut-points 5, 10, 15 and 20. */
const PHQ9: InstrumentDefinition = {
  items: ['interest', 'depressed', 'sleep', 'tired', 'appetite', 'failure', 'concentration', 'movement', 'selfHarm'],
  bands: [
    { band: 'MINIMAL', min: 0, max: 4 },
    { band: 'MILD', min: 5, max: 9 },
    { band: 'MODERATE', min: 10, max: 14 },
    { band: 'MODERATELY_SEVERE', min: 15, max: 19 },
    { band: 'SEVERE', min: 20, max: 27 },
  ],
  maxScore: 27,
};

/** Spitzer, Kroenke, Williams & Löwe (2006), Arch Intern Med 166:1092–1097: cut-points 5, 10 and 15. */
const GAD7: InstrumentDefinition = {
  items: ['nervous', 'control', 'worrying', 'relaxing', 'restless', 'irritable', 'afraid'],
  bands: [
    { band: 'MINIMAL', min: 0, max: 4 },
    { band: 'MILD', min: 5, max: 9 },
    { band: 'MODERATE', min: 10, max: 14 },
    { band: 'SEVERE', min: 15, max: 21 },
  ],
  maxScore: 21,
};

export const INSTRUMENT_DEFINITIONS: Record<Instrument, InstrumentDefinition> = { PHQ9, GAD7 };

/** The PHQ-9's item 9 (thoughts of being better off dead or of self-harm), by its place in the answers. */
export const PHQ9_SELF_HARM_INDEX = 8;

export const measureScore = (answers: readonly number[]): number => answers.reduce((sum, a) => sum + a, 0);

export function severityBand(instrument: Instrument, score: number): SeverityBand {
  const found = INSTRUMENT_DEFINITIONS[instrument].bands.find((b) => score >= b.min && score <= b.max);
  if (!found) throw new RangeError(`${instrument} score ${score} is out of range`);
  return found.band;
}

/** Whether a completion asks for help now: a PHQ-9 whose item 9 is answered above "not at all". */
export const flagsSelfHarm = (instrument: Instrument, answers: readonly number[]): boolean =>
  instrument === 'PHQ9' && (answers[PHQ9_SELF_HARM_INDEX] ?? 0) > 0;

/** POST /patient/measures: one answer (0–3, whole) per item, exactly as many as the instrument has. */
export const measureBodySchema = z
  .object({
    instrument: instrumentSchema,
    answers: z.array(z.number().int().min(0).max(3)).min(1).max(9),
  })
  .superRefine((body, issue) => {
    const expected = INSTRUMENT_DEFINITIONS[body.instrument].items.length;
    if (body.answers.length !== expected) {
      issue.addIssue({ code: 'custom', path: ['answers'], message: `${body.instrument} takes exactly ${expected} answers` });
    }
  });
export type MeasureBody = z.input<typeof measureBodySchema>;

/** A stored completion as POST answers it. */
export const measureSavedSchema = z.object({
  id: z.number().int(),
  instrument: instrumentSchema,
  score: z.number().int(),
  band: severityBandSchema,
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type MeasureSaved = z.infer<typeof measureSavedSchema>;

/** POST's answer: a completion that flags self-harm (flagsSelfHarm) carries the patient's crisis help. */
export const measureSubmittedSchema = measureSavedSchema.extend({
  crisisResources: z.array(crisisResourceSchema).optional(),
});
export type MeasureSubmitted = z.infer<typeof measureSubmittedSchema>;

/** A completion as the lists answer it: with its answers, in item order. */
export const measureSchema = measureSavedSchema.extend({ answers: z.array(z.number().int()) });
export type Measure = z.infer<typeof measureSchema>;
/** Oldest first, as a chart draws them. */
export const measureListSchema = z.array(measureSchema);

/** How long before a confirmed session the patient is asked to fill the questionnaires again. */
export const MEASURE_PROMPT_HOURS_BEFORE = 24;

/**
 * What the patient is asked to fill now, if anything: at intake, each questionnaire never filled; from
 * MEASURE_PROMPT_HOURS_BEFORE before their next confirmed session, each not filled since that moment. Always optional.
 */
export const measurePromptSchema = z.object({
  reason: z.enum(['INTAKE', 'BEFORE_SESSION']),
  instruments: z.array(instrumentSchema),
  /** The session it is asked before (BEFORE_SESSION), else null. */
  appointmentId: z.number().int().nullable(),
  startsAt: z.string().nullable(),
});
export type MeasurePrompt = z.infer<typeof measurePromptSchema>;

/**
 * GET /patient/measures: the patient's own completions, oldest first, what they are asked to fill now, and their
 * crisis help while their latest PHQ-9 flags self-harm and is at most CRISIS_HELP_DAYS old (else null).
 */
export const patientMeasuresSchema = z.object({
  measures: measureListSchema,
  prompt: measurePromptSchema.nullable(),
  crisis: crisisHelpSchema.nullable(),
});
export type PatientMeasures = z.infer<typeof patientMeasuresSchema>;
