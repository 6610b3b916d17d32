import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { type ClinicalRecord, hasVisibleText, PRIVACY_LEVELS, type PrivacyLevel, RECORD_MAX_BYTES } from '@rozmova/contract';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../components/rich-text-editor';
import { StaleNotice } from '../../../components/stale-notice';
import { notify } from '../../../lib/notify';
import { htmlToText } from '../../../lib/sanitize-html';
import { isStale } from '../../../lib/stale';
import { useCreateRecord } from '../api/create-record';
import { useUpdateRecord } from '../api/update-record';
import { failureText } from '../failure-text';
import { useRecordDraft } from '../use-record-draft';
import { PatientSelect, SELF } from './patient-select';
import { RecordSavedNotice } from './record-saved-notice';

type Props = {
  /** The note being edited; null writes a new one. */
  record: ClinicalRecord | null;
  /** A new note's patient, chosen beforehand. */
  patientId?: number;
  onSaved: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
};

/**
 * The note's fields and its save; on a failed save everything typed stays, with the reason shown. A save refused
 * because the note changed elsewhere offers to reload it: what was saved there is then shown beside what was typed.
 */
export function RecordForm({ record, patientId, onSaved, onCancel, onDirty }: Props) {
  const { t } = useTranslation();
  const [contentError, setContentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const draft = useRecordDraft(record, () => setFailure(t('records.form.notFound')), patientId);
  const { content: html, patient, privacyLevel: privacy } = draft.values;
  const create = useCreateRecord();
  const update = useUpdateRecord();
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
      if (isStale(err)) return draft.refuse();
      notify.error(t(key));
      setFailure(failureText(t, err, key));
    };
    if (record) {
      const edit = { id: record.id, ...body, version: draft.version };
      update.mutate(edit, { onSuccess: done('records.editSuccess'), onError: failed('records.editError') });
    } else create.mutate(body, { onSuccess: done('records.addSuccess'), onError: failed('records.addError') });
  };

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
        key={draft.editor.key}
        label={t('records.form.content')}
        initialHtml={draft.editor.html}
        error={contentError}
        onChange={(next) => {
          draft.change({ content: next });
          setContentError(null);
          onDirty(true);
        }}
      />
      <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
        <PatientSelect
          record={record}
          value={patient}
          onChange={(v) => {
            draft.change({ patient: v });
            onDirty(true);
          }}
        />
        <Select
          label={t('records.form.privacy')}
          data={PRIVACY_LEVELS.map((level) => ({ value: level, label: t(`records.privacy.${level}`) }))}
          value={privacy}
          onChange={(v) => {
            if (!v) return;
            draft.change({ privacyLevel: v as PrivacyLevel });
            onDirty(true);
          }}
          allowDeselect={false}
          miw={220}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {draft.stale.state === 'refused' && <StaleNotice reloading={draft.stale.reloading} onReload={draft.stale.reload} />}
      {draft.stale.state === 'reloaded' && <RecordSavedNotice changes={draft.stale.changes} known={[record, draft.fresh]} />}
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
