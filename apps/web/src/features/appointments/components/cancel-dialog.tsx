import type { Appointment } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { timeRange, useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCancelAppointment } from '../api/cancel-appointment';

/** The psychologist's cancel step: a reason is required and the patient will see it. */
export function CancelDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const cancel = useCancelAppointment();

  return (
    <ReasonDialog
      opened={appointment !== null}
      onClose={onClose}
      title={t('appointments.cancelDialog.title')}
      text={
        appointment
          ? t('appointments.cancelDialog.text', {
              name: `${appointment.patientFirstName} ${appointment.patientLastName}`,
              date: formatDate(appointment.date),
              time: timeRange(appointment.startTime, appointment.endTime),
            })
          : ''
      }
      labels={{
        reason: t('appointments.cancelDialog.reason'),
        placeholder: t('appointments.cancelDialog.placeholder'),
        required: t('appointments.cancelDialog.reasonRequired'),
        keep: t('appointments.cancelDialog.keep'),
        confirm: t('appointments.cancelDialog.confirm'),
      }}
      pending={cancel.isPending}
      onConfirm={(reason) =>
        appointment &&
        cancel.mutate(
          { id: appointment.id, reason },
          {
            onSuccess: () => {
              notify.success(t('appointments.cancelSuccess'));
              onClose();
            },
            // The dialog stays open so the written reason is not lost.
            onError: () => notify.error(t('appointments.cancelError')),
          },
        )
      }
    />
  );
}
