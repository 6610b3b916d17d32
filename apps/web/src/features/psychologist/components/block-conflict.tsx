import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { scheduleBlockConflictSchema } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api';
import { timeRange, useFormatDate } from '../../../lib/dates';

/**
 * After a block's 409 HAS_APPOINTMENTS: lists the sessions on those dates the answer names, says they stay booked,
 * and blocks anyway on confirmation.
 */
export function useAskBlockAnyway() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();

  const ask = (conflict: ApiError, onConfirm: () => void) => {
    const sessions = scheduleBlockConflictSchema.safeParse(conflict.body).data?.appointments ?? null;
    modals.openConfirmModal({
      title: t('scheduleExceptions.conflict.title'),
      children: (
        <Stack gap="sm">
          {sessions?.length ? (
            <>
              <Text size="sm">{t('scheduleExceptions.conflict.text')}</Text>
              <List size="sm" spacing={4}>
                {sessions.map((s) => (
                  <List.Item key={s.id}>
                    {t('scheduleExceptions.conflict.session', {
                      name: `${s.patientFirstName} ${s.patientLastName}`,
                      date: formatDate(s.date),
                      time: timeRange(s.startTime, s.endTime),
                    })}
                  </List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text size="sm">{t('scheduleExceptions.conflict.noneListed')}</Text>
          )}
          {sessions === null ? (
            <Text size="sm" c="red" role="alert">
              {t('scheduleExceptions.conflict.loadError')}
            </Text>
          ) : null}
          <Text size="sm" fw={500}>
            {t('scheduleExceptions.conflict.keep')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('scheduleExceptions.conflict.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm,
    });
  };
  return { ask };
}
