import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { useErrorToast } from '../../lib/use-error-toast';
import { useSchedule } from './api/get-schedule';
import { ExceptionsSection } from './components/exceptions-section';
import { ScheduleEditor } from './components/schedule-editor';
import { ScheduleSkeleton } from './components/schedule-skeleton';

/** /doctor/schedule: the psychologist's weekly slots, and the days off and one-off slots beside them. */
export default function SchedulePage() {
  const { t } = useTranslation();
  const schedule = useSchedule();

  useErrorToast(schedule.isError, t('scheduleSettings.errorMessage'));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('scheduleSettings.title')}
        </Title>
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
      <ExceptionsSection />
    </Stack>
  );
}
