import type { AdminAppointmentRow } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useZonedTime } from '../../../lib/zoned-time';
import { useAdminCancel } from '../api/appointments';

type Props = { appointment: AdminAppointmentRow | null; onClose: () => void };

/** The admin's cancel step: a non-blank reason, which both people will see. */
export function AdminCancelDialog({ appointment, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const cancel = useAdminCancel();

  return (
    <ReasonDialog
      opened={appointment !== null}
      onClose={onClose}
      title={t('admin.appointments.cancelTitle')}
      text={
        appointment
          ? t('admin.appointments.cancelText', {
              patient: `${appointment.patientFirstName} ${appointment.patientLastName}`,
              doctor: `${appointment.doctorFirstName} ${appointment.doctorLastName}`,
              date: formatDate(appointment.date),
              time: zoned.range(appointment),
            })
          : ''
      }
      labels={{
        reason: t('admin.appointments.reason'),
        required: t('admin.appointments.reasonRequired'),
        keep: t('admin.appointments.keep'),
        confirm: t('admin.appointments.confirmCancel'),
      }}
      pending={cancel.isPending}
      onConfirm={(reason) =>
        appointment &&
        cancel.mutate(
          { id: appointment.id, reason },
          {
            onSuccess: () => {
              notify.success(t('admin.appointments.canceled'));
              onClose();
            },
            onError: () => notify.error(t('admin.appointments.cancelError')),
          },
        )
      }
    />
  );
}
