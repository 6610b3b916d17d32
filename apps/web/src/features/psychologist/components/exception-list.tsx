import { ActionIcon, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ScheduleException } from '@rozmova/contract';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { timeRange, useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeleteScheduleException } from '../api/delete-schedule-exception';
import { useScheduleExceptions } from '../api/schedule-exceptions';

/** "March 16, 2026", "March 16, 2026 – March 18, 2026" or "March 16, 2026, 18:00–19:00". */
function useDescribe() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (e: ScheduleException) => {
    if (e.kind === 'SLOT') return `${formatDate(e.startDate)}, ${timeRange(e.startTime ?? '', e.endTime ?? '')}`;
    if (e.startDate === e.endDate) return formatDate(e.startDate);
    return t('scheduleExceptions.dateRange', { start: formatDate(e.startDate), end: formatDate(e.endDate) });
  };
}

/** The current blocks and one-off slots, each with a delete that asks first. */
export function ExceptionList() {
  const { t } = useTranslation();
  const titleId = useId();
  const exceptions = useScheduleExceptions();
  const remove = useDeleteScheduleException();
  const describe = useDescribe();

  const askDelete = (e: ScheduleException) =>
    modals.openConfirmModal({
      title: t('scheduleExceptions.deleteTitle'),
      children: (
        <Text size="sm">
          {t(e.kind === 'BLOCK' ? 'scheduleExceptions.deleteBlockText' : 'scheduleExceptions.deleteSlotText', {
            what: describe(e),
          })}
        </Text>
      ),
      labels: { confirm: t('scheduleExceptions.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(e.id, {
          onSuccess: () => notify.success(t('scheduleExceptions.deleted')),
          onError: () => notify.error(t('scheduleExceptions.deleteError')),
        }),
    });

  let body: ReactNode;
  if (exceptions.isPending) body = <LoadingSkeleton height={88} />;
  else if (exceptions.isError)
    body = <LoadError message={t('scheduleExceptions.loadError')} onRetry={() => void exceptions.refetch()} />;
  else if (exceptions.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('scheduleExceptions.empty')}
      </Text>
    );
  else
    body = (
      <Stack component="ul" gap="xs" aria-labelledby={titleId} m={0} p={0} style={{ listStyle: 'none' }}>
        {exceptions.data.map((e) => {
          const what = `${t(`scheduleExceptions.kinds.${e.kind}`)}: ${describe(e)}`;
          return (
            <Paper component="li" key={e.id} withBorder px="sm" py="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="wrap">
                  <Badge variant="light" color={e.kind === 'BLOCK' ? 'orange' : 'teal'} tt="none" miw={110}>
                    {t(`scheduleExceptions.kinds.${e.kind}`)}
                  </Badge>
                  <Text size="sm">{describe(e)}</Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('scheduleExceptions.deleteLabel', { what })}
                  onClick={() => askDelete(e)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={titleId}>
        {t('scheduleExceptions.listTitle')}
      </Title>
      {body}
    </Stack>
  );
}
