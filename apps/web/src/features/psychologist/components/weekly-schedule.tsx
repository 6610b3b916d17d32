import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DAYS_OF_WEEK } from '@rozmova/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { timeRange } from '../../../lib/dates';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useDoctorSchedule } from '../api/get-schedule';

/** A psychologist's weekly slots, read-only, for managers. Loaded only for them. */
export default function WeeklySchedule({ id }: { id: number }) {
  const { t } = useTranslation();
  const schedule = useDoctorSchedule(id);
  useErrorToast(schedule.isError, t('doctorProfile.scheduleError'));
  const title = t('doctorProfile.schedule');

  let body: ReactNode;
  if (schedule.isPending) body = <LoadingSkeleton height={160} />;
  else if (schedule.isError)
    body = <LoadError message={t('doctorProfile.scheduleError')} onRetry={() => void schedule.refetch()} />;
  else {
    const byDay = new Map(schedule.data.map((d) => [d.dayOfWeek, d.timeSlots]));
    body = (
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {DAYS_OF_WEEK.map((day) => {
            const slots = byDay.get(day) ?? [];
            return (
              <Table.Tr key={day}>
                <Table.Th w={140}>{t(`scheduleSettings.days.${day}`)}</Table.Th>
                <Table.Td>
                  {slots.length ? (
                    <Group gap={6}>
                      {slots.map((s) => (
                        <Badge key={s.startTime} variant="light" tt="none">
                          {timeRange(s.startTime, s.endTime)}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('doctorProfile.noSlots')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Card withBorder padding="xl" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3}>{title}</Title>
        {body}
      </Stack>
    </Card>
  );
}
