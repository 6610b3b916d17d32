import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AppointmentListItem } from '@rozmova/contract';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract/constants';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useFormatDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useZonedTime } from '../../../lib/zoned-time';
import { useSkipGroupSession } from '../api/skip-group-session';

/** Asks the member to confirm skipping one group session, with the notice it needs, then skips it. */
export function useAskSkip() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const skip = useSkipGroupSession();
  const hours = PATIENT_CANCEL_NOTICE_HOURS;
  return (a: AppointmentListItem) =>
    modals.openConfirmModal({
      title: t('groupSession.skipTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('groupSession.skipText', { title: a.group?.title ?? '', date: formatDate(a.date), time: zoned.range(a) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('groupSession.skipNotice', { hours })}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('groupSession.skipConfirm'), cancel: t('groupSession.keep') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        skip.mutate(a.id, {
          onSuccess: () => notify.success(t('groupSession.skipped')),
          onError: (err) =>
            notify.error(
              err instanceof ApiError && err.code === 'NOTICE_PASSED'
                ? t('groupSession.noticePassed', { hours })
                : errorText(t, err, 'groupSession.skipError'),
              8000,
            ),
        }),
    });
}
