import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AppointmentListItem } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useZonedTime } from '../../../lib/zoned-time';
import { useMarkNoShow } from '../api/mark-no-show';

/** Asks the psychologist to confirm that the patient did not attend, then notes it. */
export function useAskNoShow() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const mark = useMarkNoShow();
  return (a: AppointmentListItem) =>
    modals.openConfirmModal({
      title: t('appointments.noShow.title'),
      children: (
        <Text size="sm">
          {t('appointments.noShow.text', {
            name: `${a.patientFirstName} ${a.patientLastName}`,
            date: formatDate(a.date),
            time: zoned.range(a),
          })}
        </Text>
      ),
      labels: { confirm: t('appointments.noShow.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        mark.mutate(a.id, {
          onSuccess: () => notify.success(t('appointments.noShow.done')),
          onError: () => notify.error(t('appointments.noShow.error')),
        }),
    });
}
