import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useSchedule } from './api/get-schedule';
import { LoadError } from './components/load-error';
import { ScheduleEditor } from './components/schedule-editor';
import { ScheduleSkeleton } from './components/schedule-skeleton';

/** /doctor/schedule: the psychologist's weekly slots. */
export default function SchedulePage() {
  const { t } = useTranslation();
  const schedule = useSchedule();

  useEffect(() => {
    if (schedule.isError) notify.error(t('scheduleSettings.errorMessage'));
  }, [schedule.isError, t]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('scheduleSettings.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('scheduleSettings.subtitle')}
        </Text>
      </div>
      {schedule.isPending ? (
        <ScheduleSkeleton />
      ) : schedule.isError ? (
        <LoadError message={t('scheduleSettings.errorMessage')} onRetry={() => void schedule.refetch()} />
      ) : (
        <ScheduleEditor saved={schedule.data} />
      )}
    </Stack>
  );
}
