import {
  type CreateGroupBody,
  createGroupBodySchema,
  GROUP_CAPACITY,
  GROUP_MESH_MAX_PEOPLE,
  GROUP_REPEAT_DAYS_MAX,
  GROUP_SESSIONS_MAX,
  type GroupEnrolment,
  type TherapyType,
} from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { type Checked, checkSchema, fieldMessages } from '../../lib/form-errors';
import { instantOfWall } from '../../lib/wall-instant';
import { everyDaysOf, type Repeat } from './session-plan';

/** What the create form holds; the first start is a date and a time on the psychologist's own clock. */
export type CreateGroupValues = {
  title: string;
  description: string;
  therapyType: TherapyType | null;
  capacity: number | string;
  enrolment: GroupEnrolment;
  date: string | null;
  time: string;
  durationMinutes: '60' | '90' | '120';
  sessionCount: number | string;
  repeat: Repeat;
  repeatDays: number | string;
};

export const initialCreateValues = (therapyType: TherapyType | null): CreateGroupValues => ({
  title: '',
  description: '',
  therapyType,
  // As many as the built-in call holds beside the psychologist; more needs the media server (the form says so).
  capacity: GROUP_MESH_MAX_PEOPLE - 1,
  enrolment: 'INVITE',
  date: null,
  time: '18:00',
  durationMinutes: '90',
  sessionCount: 8,
  repeat: 'WEEKLY',
  repeatDays: 14,
});

type Start = { ok: true; at: Date } | { ok: false; field: 'date' | 'time'; key: string };

/** The first session's instant from the wall time typed, refused when missing, skipped by the clock, or past. */
export function firstStart(values: Pick<CreateGroupValues, 'date' | 'time'>, timeZone: string, now: Date): Start {
  if (!values.date) return { ok: false, field: 'date', key: 'groups.form.errors.dateRequired' };
  if (!/^\d{2}:\d{2}$/.test(values.time)) return { ok: false, field: 'time', key: 'groups.form.errors.timeRequired' };
  const at = instantOfWall(values.date, values.time, timeZone);
  if (!at) return { ok: false, field: 'time', key: 'groups.form.errors.skipped' };
  if (at <= now) return { ok: false, field: 'date', key: 'groups.form.errors.past' };
  return { ok: true, at };
}

/** The form's values as the contract's body, with messages in the reader's language on each field refused. */
export function checkCreate(
  values: CreateGroupValues,
  timeZone: string,
  t: TFunction,
  now = new Date(),
): Checked<CreateGroupBody> {
  const start = firstStart(values, timeZone, now);
  const between = (key: string, min: number, max: number) => () => t(key, { min, max });
  const checked = checkSchema(
    createGroupBodySchema,
    {
      title: values.title,
      description: values.description,
      therapyType: values.therapyType ?? undefined,
      capacity: Number(values.capacity),
      enrolment: values.enrolment,
      firstStartsAt: start.ok ? start.at.toISOString() : '',
      durationMinutes: Number(values.durationMinutes),
      sessionCount: Number(values.sessionCount),
      repeatDays: everyDaysOf(values.repeat, Number(values.repeatDays)),
    },
    fieldMessages(t, 'groups.form.errors', {
      therapyType: () => t('groups.form.errors.therapyType'),
      capacity: between('groups.form.errors.capacity', GROUP_CAPACITY.min, GROUP_CAPACITY.max),
      sessionCount: between('groups.form.errors.sessionCount', 1, GROUP_SESSIONS_MAX),
      repeatDays: between('groups.form.errors.repeatDays', 1, GROUP_REPEAT_DAYS_MAX),
    }),
  );
  const errors = checked.ok ? {} : { ...checked.errors };
  delete errors.firstStartsAt;
  if (!start.ok) errors[start.field] = t(start.key);
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors };
  return checked;
}
