import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadReportButton } from '../../../components/download-report-button';
import { LoadError } from '../../../components/load-error';
import { RichTextView } from '../../../components/rich-text-view';
import { useFormatInstant } from '../../../lib/zoned-time';
import { usePatientNotes } from '../api/patient-notes';

/** The patient's "Notes from your psychologist": only what was shared with them, newest first. */
export function PatientNotes() {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const notes = usePatientNotes();
  const title = t('appointments.notes.title');

  let body: ReactNode;
  if (notes.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  } else if (notes.isError) {
    body = <LoadError message={t('appointments.notes.fetchError')} onRetry={() => void notes.refetch()} />;
  } else if (notes.data.length === 0) {
    body = <Text c="dimmed">{t('appointments.notes.empty')}</Text>;
  } else {
    body = notes.data.map((note) => {
      const date = formatInstant(note.createdAt, 'stamp');
      return (
        <Card key={note.id} withBorder padding="md" component="article" aria-label={t('appointments.notes.item', { date })}>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Text size="sm" c="dimmed">
              {date}
            </Text>
            {note.report && <DownloadReportButton record={note} />}
          </Group>
          <RichTextView html={note.content} />
        </Card>
      );
    });
  }

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
