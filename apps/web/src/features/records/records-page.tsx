import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import type { ClinicalRecord } from '@rozmova/contract';
import { IconNotes, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { useDeleteRecord } from './api/delete-record';
import { loadedRecords, useRecords } from './api/records';
import { RecordModal } from './components/record-modal';
import { RecordsList } from './components/records-list';
import { RecordsSkeleton } from './components/records-skeleton';

/** /doctor/records: the psychologist's notes, with writing, editing and deleting. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const records = useRecords();
  const notes = useMemo(() => loadedRecords(records.data), [records.data]);
  const remove = useDeleteRecord();
  const [params, setParams] = useSearchParams();
  // ?patient=ID (a group member's "write a note") opens a new note about them at once.
  const [forPatient, setForPatient] = useState(() => Number(params.get('patient')) || undefined);
  const [opened, setOpened] = useState(forPatient !== undefined);
  // Kept while the modal closes, so its title does not flip during the transition.
  const [editing, setEditing] = useState<ClinicalRecord | null>(null);
  useErrorToast(records.isError, t('records.fetchError'));

  // Stable, so the list (memoised) does not render again when the editor opens: that render held the click's paint.
  const open = useCallback((record: ClinicalRecord | null) => {
    setEditing(record);
    setOpened(true);
  }, []);
  const deleteRecord = remove.mutate;
  const onDelete = useCallback(
    (record: ClinicalRecord) => {
      if (!window.confirm(t('records.deleteConfirm'))) return;
      deleteRecord(record.id, {
        onSuccess: () => notify.success(t('records.deleteSuccess')),
        onError: () => notify.error(t('records.deleteError')),
      });
    },
    [t, deleteRecord],
  );
  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => open(null)}>
      {t('records.add')}
    </Button>
  );

  let body: ReactNode;
  if (records.isPending) body = <RecordsSkeleton />;
  // A failed "show more" keeps the notes on screen (the toast says it failed).
  else if (!records.data) body = <LoadError message={t('records.fetchError')} onRetry={() => void records.refetch()} />;
  else if (notes.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconNotes size={32} />}
        withIndicatorBackground
        title={t('records.empty')}
        description={t('records.emptyHint')}
      >
        <EmptyState.Actions>{addButton}</EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        <RecordsList records={notes} onEdit={open} onDelete={onDelete} deletingId={remove.isPending ? remove.variables : null} />
        {records.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void records.fetchNextPage()}
            loading={records.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            {t('records.more')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('records.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('records.subtitle')}
          </Text>
        </div>
        {notes.length > 0 && addButton}
      </Group>
      {body}
      <RecordModal
        opened={opened}
        record={editing}
        patientId={editing ? undefined : forPatient}
        onClose={() => {
          setOpened(false);
          setForPatient(undefined);
          if (params.has('patient')) setParams({}, { replace: true });
        }}
      />
    </Stack>
  );
}
