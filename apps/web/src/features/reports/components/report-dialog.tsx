import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ClinicalRecord, PRIVACY_LEVELS, type PrivacyLevel } from '@rozmova/contract';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileAnalytics } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportDownload } from '../../../components/download-report-button';
import { RichTextField } from '../../../components/rich-text-editor';
import { useTreatedPatients } from '../../../entities/record/treated-patients';
import { ApiError } from '../../../lib/api';
import { addDaysIso, todayIso } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCreateReport } from '../api/create-report';
import { checkReport } from '../check-report';
import { ReportPreviewPanel } from './report-preview';

/** `patientId`, when given, is chosen at each opening (the patient whose screen opened it). */
type Props = { opened: boolean; onClose: () => void; patientId?: number };

function failureKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return 'reports.errors.patientNotFound';
    if (err.status === 413) return 'reports.errors.summaryTooLong';
    if (err.status === 400) return 'reports.errors.invalid';
    if (err.status === 0) return 'error.network';
  }
  return 'reports.errors.save';
}

function Saved({ record, onClose }: { record: ClinicalRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, download } = useReportDownload(record, 'reports.errors.download');
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
        {t('reports.saved')}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button leftSection={<IconDownload size={18} />} loading={busy} onClick={download} data-autofocus>
          {t('reports.download')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A progress report about one patient over a period: chosen, previewed, summarised, then kept as a note. */
export default function ReportDialog({ opened, onClose, patientId }: Props) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const patients = useTreatedPatients();
  const [patient, setPatient] = useState<string | null>(null);
  const [from, setFrom] = useState(() => addDaysIso(todayIso(), -30));
  const [to, setTo] = useState(todayIso);
  const [summary, setSummary] = useState('');
  const [privacy, setPrivacy] = useState<PrivacyLevel>('DOCTOR_ONLY');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<ClinicalRecord | null>(null);
  const create = useCreateReport();
  useEffect(() => {
    if (opened && patientId !== undefined) setPatient(String(patientId));
  }, [opened, patientId]);

  const period = checkReport({ patient, from, to, summary: 'x' }).ok && patient ? { patientId: Number(patient), from, to } : null;
  const close = () => {
    setSaved(null);
    setSummary('');
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = () => {
    const checked = checkReport({ patient, from, to, summary });
    setErrors(checked.errors);
    if (!checked.ok || !patient) return;
    setFailure(null);
    const body = { patientId: Number(patient), from, to, summary, privacyLevel: privacy, locale: i18n.language as 'en' | 'uk' };
    create.mutate(body, {
      onSuccess: (record) => {
        notify.success(t('reports.saved'));
        setSaved(record);
      },
      onError: (err) => setFailure(t(failureKey(err))),
    });
  };
  const error = (field: string) => (errors[field] ? t(errors[field]) : null);
  /** A field's error goes as soon as it is changed; the two dates are checked together, so both errors go. */
  const changed =
    <T,>(fields: string[], set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !fields.includes(field))));
    };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('reports.title')}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {saved ? (
        <Saved record={saved} onClose={close} />
      ) : (
        <Stack
          component="form"
          gap="md"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Text size="sm" c="dimmed">
            {t('reports.intro')}
          </Text>
          <Select
            label={t('reports.patient')}
            placeholder={t('reports.patientPlaceholder')}
            data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }))}
            value={patient}
            onChange={changed(['patient'], setPatient)}
            searchable
            nothingFoundMessage={t('records.form.noPatients')}
            error={error('patient') ?? (patients.isError ? t('records.form.patientsError') : null)}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('reports.from')}
              value={from}
              onChange={(e) => changed(['from', 'to'], setFrom)(e.currentTarget.value)}
              error={error('from')}
            />
            <TextInput
              type="date"
              label={t('reports.to')}
              value={to}
              onChange={(e) => changed(['from', 'to'], setTo)(e.currentTarget.value)}
              error={error('to')}
            />
          </Group>
          <ReportPreviewPanel period={period} />
          <RichTextField
            label={t('reports.summary')}
            initialHtml=""
            error={error('summary')}
            onChange={changed(['summary'], setSummary)}
          />
          <Select
            label={t('records.form.privacy')}
            data={PRIVACY_LEVELS.map((level) => ({ value: level, label: t(`records.privacy.${level}`) }))}
            value={privacy}
            onChange={(v) => v && setPrivacy(v as PrivacyLevel)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconFileAnalytics size={18} />}>
              {t('reports.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
