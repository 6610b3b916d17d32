import { type Appointment, PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ApiError } from '../../../lib/api';
import type { AppointmentSide } from '../../../lib/appointment-keys';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useZonedTime } from '../../../lib/zoned-time';
import { useCancelAppointment } from '../api/cancel-appointment';

type Props = { side: AppointmentSide; appointment: Appointment | null; onClose: () => void };

/**
 * The cancel step of either side: the psychologist must give a reason, which the patient will see; the patient may
 * give one, until PATIENT_CANCEL_NOTICE_HOURS before the start.
 */
export function CancelDialog({ side, appointment, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const cancel = useCancelAppointment(side);
  const doctor = side === 'doctor';
  const texts = doctor ? 'appointments.cancelDialog' : 'appointments.patientCancelDialog';

  return (
    <ReasonDialog
      opened={appointment !== null}
      onClose={onClose}
      title={t(`${texts}.title`)}
      text={
        appointment
          ? t(`${texts}.text`, {
              name: doctor
                ? `${appointment.patientFirstName} ${appointment.patientLastName}`
                : `${appointment.doctorFirstName} ${appointment.doctorLastName}`,
              date: formatDate(appointment.date),
              time: zoned.range(appointment),
            })
          : ''
      }
      labels={{
        reason: t(`${texts}.reason`),
        placeholder: t(`${texts}.placeholder`),
        required: doctor ? t('appointments.cancelDialog.reasonRequired') : undefined,
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
            onError: (err) => {
              if (err instanceof ApiError && err.code === 'NOTICE_PASSED') {
                // Nothing here can change that: say who can help, and close.
                notify.error(t('appointments.noticePassed', { hours: PATIENT_CANCEL_NOTICE_HOURS }), 8000);
                onClose();
              } else notify.error(t('appointments.cancelError')); // The dialog stays open so the reason is not lost.
            },
          },
        )
      }
    />
  );
}
