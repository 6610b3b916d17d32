import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { When } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useZonedTime } from '../../../lib/zoned-time';
import { useAdminCancelGroupSession } from '../api/groups';

/**
 * Asks before an admin cancels one session of a group (no reason: the members are told the session is canceled), then
 * cancels it. `ask` takes the session's id and times and the program's title.
 */
export function useCancelGroupSessionPrompt() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const cancel = useAdminCancelGroupSession();
  return (session: When & { id: number }, title: string) =>
    modals.openConfirmModal({
      title: t('admin.groups.cancelTitle'),
      children: (
        <Text size="sm">
          {t('admin.groups.cancelText', { title, date: formatDate(session.date), range: zoned.range(session) })}
        </Text>
      ),
      labels: { confirm: t('admin.groups.confirmCancel'), cancel: t('admin.groups.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(session.id, {
          onSuccess: () => notify.success(t('admin.groups.canceled')),
          onError: () => notify.error(t('admin.groups.cancelError')),
        }),
    });
}
