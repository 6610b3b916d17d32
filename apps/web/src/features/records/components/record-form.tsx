import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { type ClinicalRecord, hasVisibleText, PRIVACY_LEVELS, type PrivacyLevel, RECORD_MAX_BYTES } from '@rozmova/contract';
import { IconAlertTriangle, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../components/rich-text-editor';
import { RichTextView } from '../../../components/rich-text-view';
import { StaleNotice } from '../../../components/stale-notice';
import { notify } from '../../../lib/notify';
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html';
import { isStale } from '../../../lib/stale';
import { useCreateRecord } from '../api/create-record';
import { useUpdateRecord } from '../api/update-record';
import { failureText } from '../failure-text';
import { useSavedCopy } from '../use-saved-copy';
import { PatientSelect, SELF } from './patient-select';

type Props = {
  /** The note being edited; null writes a new one. */
  record: ClinicalRecord | null;
  onSaved: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
};

/**
 * The note's fields and its save; on a failed save everything typed stays, with the reason shown. A save refused
 * because the note changed elsewhere offers to reload it: the saved version is then shown beside what was typed.
 */
export function RecordForm({ record, onSaved, onCancel, onDirty }: Props) {
  const { t } = useTranslation();
  const [initialHtml] = useState(() => sanitizeHtml(record?.content ?? ''));
  const [html, setHtml] = useState(initialHtml);
  const [patient, setPatient] = useState(record?.patientId ? String(record.patientId) : SELF);
  const [privacy, setPrivacy] = useState<PrivacyLevel>(record?.privacyLevel ?? 'DOCTOR_ONLY');
  const [contentError, setContentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRecord();
  const update = useUpdateRecord();
  const saved = useSavedCopy(record);
  const saving = create.isPending || update.isPending;

  const submit = () => {
    if (!hasVisibleText(htmlToText(html))) return setContentError(t('records.form.contentRequired'));
    if (new TextEncoder().encode(html).length > RECORD_MAX_BYTES) return setContentError(t('records.form.tooLong'));
    setFailure(null);
    const body = { content: html, privacyLevel: privacy, patientId: patient === SELF ? null : Number(patient) };
    const done = (key: string) => () => {
      notify.success(t(key));
      onSaved();
    };
    const failed = (key: string) => (err: Error) => {
      if (isStale(err)) return saved.markStale();
      notify.error(t(key));
      setFailure(failureText(t, err, key));
    };
    if (record) {
      const edit = { id: record.id, ...body, version: saved.version };
      update.mutate(edit, { onSuccess: done('records.editSuccess'), onError: failed('records.editError') });
    } else create.mutate(body, { onSuccess: done('records.addSuccess'), onError: failed('records.addError') });
  };

  const reload = () =>
    saved.reload().then(
      (outcome) => setFailure(outcome === 'gone' ? t('records.form.notFound') : null),
      () => setFailure(t('stale.reloadError')),
    );

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <RichTextField
        label={t('records.form.content')}
        initialHtml={initialHtml}
        error={contentError}
        onChange={(next) => {
          setHtml(next);
          setContentError(null);
          onDirty(true);
        }}
      />
      <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
        <PatientSelect
          record={record}
          value={patient}
          onChange={(v) => {
            setPatient(v);
            onDirty(true);
          }}
        />
        <Select
          label={t('records.form.privacy')}
          data={PRIVACY_LEVELS.map((level) => ({ value: level, label: t(`records.privacy.${level}`) }))}
          value={privacy}
          onChange={(v) => {
            if (!v) return;
            setPrivacy(v as PrivacyLevel);
            onDirty(true);
          }}
          allowDeselect={false}
          miw={220}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {saved.stale && <StaleNotice reloading={saved.reloading} onReload={reload} />}
      {saved.reloaded && !saved.stale && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} role="status">
          <Text size="sm" mb="xs">
            {t('stale.reloaded')}
          </Text>
          <Text size="sm" fw={600}>
            {t('records.form.savedVersion')}
          </Text>
          <Paper withBorder p="xs" mt={4} aria-label={t('records.form.savedVersion')}>
            <RichTextView html={saved.reloaded.content} />
          </Paper>
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
