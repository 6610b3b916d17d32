import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppointmentTabs } from '../../../components/appointment-tabs';
import { CancelAppointmentDialog, type CancelDialogKeys } from '../../../components/cancel-appointment-dialog';
import type { AppointmentSide } from '../../../entities/appointment/keys';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useStableHandler } from '../../../lib/use-stable-handler';
import { useCancelAppointment } from '../api/cancel-appointment';
import type { ListedAppointment } from './appointment-card';
import { AppointmentList } from './appointment-list';
import { LateCancelNotice } from './late-cancel-notice';
import { useAskNoShow } from './no-show-confirm';
import { PatientInfoModal } from './patient-info-modal';
import { RescheduleDialog } from './reschedule-dialog';
import { useAskSkip } from './skip-confirm';

/**
 * The psychologist must give a reason, which the patient will see; the patient may give one, until
 * PATIENT_CANCEL_NOTICE_HOURS before the start.
 */
function cancelKeys(side: AppointmentSide): CancelDialogKeys {
  const texts = side === 'doctor' ? 'appointments.cancelDialog' : 'appointments.patientCancelDialog';
  return {
    title: `${texts}.title`,
    text: `${texts}.text`,
    reason: `${texts}.reason`,
    placeholder: `${texts}.placeholder`,
    required: side === 'doctor' ? 'appointments.cancelDialog.reasonRequired' : undefined,
    keep: 'appointments.cancelDialog.keep',
    confirm: 'appointments.cancelDialog.confirm',
    canceled: 'appointments.cancelSuccess',
  };
}

// The rich-text editor is large: it loads when a patient first writes feedback.
const ReviewModal = lazy(() => import('./review-modal'));

/**
 * The appointments page of both sides, with cancelling; the psychologist also gets patient info and marking a no-show,
 * the patient feedback and moving a session to another time.
 */
export function AppointmentsScreen({ side }: { side: AppointmentSide }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);
  // `?patient=ID` (a risk alert's link) opens that patient's view, questionnaires included, at once.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('patient')) || null;
  const patientId = picked ?? linked;
  const closePatient = () => {
    setPicked(null);
    if (linked !== null) {
      setParams(
        (p) => {
          p.delete('patient');
          return p;
        },
        { replace: true },
      );
    }
  };
  const [canceling, setCanceling] = useState<ListedAppointment | null>(null);
  const [reviewing, setReviewing] = useState<ListedAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<ListedAppointment | null>(null);
  const [lateCancel, setLateCancel] = useState<ListedAppointment | null>(null);
  const doctor = side === 'doctor';
  const askNoShow = useAskNoShow();
  const askSkip = useAskSkip();
  const cancel = useCancelAppointment(side);
  const onCancelError = (err: Error) => {
    if (err instanceof ApiError && err.code === 'NOTICE_PASSED') {
      // Nothing here can change that: say who can help, offer to write to them, and close.
      setLateCancel(canceling);
      setCanceling(null);
    } else notify.error(t('appointments.cancelError')); // The dialog stays open so the reason is not lost.
  };

  const showPatient = useStableHandler((a: ListedAppointment) => setPicked(a.patientId));
  const noShow = useStableHandler(askNoShow);
  const skip = useStableHandler(askSkip);
  // Kept between renders: opening a dialog here does not render every card again before the dialog paints.
  const lists = useMemo(
    () => (
      <AppointmentTabs>
        {(value) => (
          <AppointmentList
            side={side}
            tab={value}
            onPatientInfo={doctor ? showPatient : undefined}
            onCancel={setCanceling}
            onReview={doctor ? undefined : setReviewing}
            onNoShow={doctor ? noShow : undefined}
            onReschedule={doctor ? undefined : setRescheduling}
            onSkip={doctor ? undefined : skip}
          />
        )}
      </AppointmentTabs>
    ),
    [side, doctor, showPatient, noShow, skip],
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(`appointments.title.${side}`)}
      </Title>
      {lateCancel && <LateCancelNotice appointment={lateCancel} onClose={() => setLateCancel(null)} />}
      {lists}
      {doctor && <PatientInfoModal patientId={patientId} onClose={closePatient} />}
      <CancelAppointmentDialog
        appointment={canceling}
        onClose={() => setCanceling(null)}
        keys={cancelKeys(side)}
        names={(a) => ({
          name: doctor ? `${a.patientFirstName} ${a.patientLastName}` : `${a.doctorFirstName} ${a.doctorLastName}`,
        })}
        cancel={cancel}
        onError={onCancelError}
      />
      {rescheduling && <RescheduleDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />}
      {reviewing && (
        <Suspense fallback={null}>
          <ReviewModal
            appointment={{
              ...reviewing,
              patientReview: reviewing.patientReview ?? null,
              patientReviewedAt: reviewing.patientReviewedAt ?? null,
            }}
            onClose={() => setReviewing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
