import type { ClinicalRecord } from '@rozmova/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/rich-text-view';
import { SavedVersionNotice } from '../../../components/saved-version-notice';
import { useTreatedPatients } from '../../../entities/record/treated-patients';
import type { FieldChange } from '../../../lib/use-stale-reload';
import { SELF } from './patient-select';

const LABELS: Record<string, string> = {
  content: 'records.form.content',
  privacyLevel: 'records.form.privacy',
  patient: 'records.form.patient',
};

/** After reloading a note saved elsewhere: each part saved there beside what the form holds. */
export function RecordSavedNotice({ changes, known }: { changes: FieldChange[]; known: (ClinicalRecord | null)[] }) {
  const { t } = useTranslation();
  const patients = useTreatedPatients();
  const names = new Map<string, string>();
  for (const r of known) if (r?.patientId) names.set(String(r.patientId), `${r.patientFirstName} ${r.patientLastName}`);
  for (const p of patients.data ?? []) names.set(String(p.id), `${p.firstName} ${p.lastName}`);

  const show = (field: string, value: unknown): ReactNode => {
    if (field === 'content') return <RichTextView html={String(value)} />;
    if (field === 'privacyLevel') return t(`records.privacy.${value}`);
    return value === SELF ? t('records.forMyself') : (names.get(String(value)) ?? '');
  };
  const shown = changes.map((c) => ({
    field: c.field,
    label: t(LABELS[c.field]),
    saved: show(c.field, c.saved),
    yours: c.same ? undefined : show(c.field, c.yours),
  }));
  return <SavedVersionNotice text={t('stale.reloaded')} changes={shown} />;
}
