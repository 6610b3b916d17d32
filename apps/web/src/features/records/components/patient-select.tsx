import { Loader, Select } from '@mantine/core';
import type { ClinicalRecord } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useTreatedPatients } from '../../../entities/record/treated-patients';

/** The select's value for a note about no patient. */
export const SELF = 'self';

type Props = { record: ClinicalRecord | null; value: string; onChange: (value: string) => void };

/** Whom the note is about: myself or one of my patients (a note's own patient stays listed even if no longer mine). */
export function PatientSelect({ record, value, onChange }: Props) {
  const { t } = useTranslation();
  const options = useTreatedPatients();
  const patients = (options.data ?? []).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  if (record?.patientId && !patients.some((p) => p.value === String(record.patientId))) {
    patients.push({
      value: String(record.patientId),
      label: `${record.patientFirstName ?? ''} ${record.patientLastName ?? ''}`.trim(),
    });
  }
  return (
    <Select
      label={t('records.form.patient')}
      data={[{ value: SELF, label: t('records.forMyself') }, ...patients]}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('records.form.noPatients')}
      rightSection={options.isPending ? <Loader size="xs" /> : undefined}
      error={options.isError ? t('records.form.patientsError') : undefined}
      miw={220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
