import { Stack, Tabs, Title } from '@mantine/core';
import type { Appointment, AppointmentTab } from '@rozmova/contract';
import { IconArchive, IconCalendarClock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppointmentSide } from '../../../lib/appointment-keys';
import type { ListedAppointment } from './appointment-card';
import { AppointmentList } from './appointment-list';
import { CancelDialog } from './cancel-dialog';
import { useAskNoShow } from './no-show-confirm';
import { PatientInfoModal } from './patient-info-modal';
import { RescheduleDialog } from './reschedule-dialog';

const TABS: AppointmentTab[] = ['active', 'archived'];

// The rich-text editor is large: it loads when a patient first writes feedback.
const ReviewModal = lazy(() => import('./review-modal'));

/**
 * The appointments page of both sides, with cancelling; the psychologist also gets patient info and marking a no-show,
 * the patient feedback and moving a session to another time.
 */
export function AppointmentsScreen({ side }: { side: AppointmentSide }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: AppointmentTab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const [patientId, setPatientId] = useState<number | null>(null);
  const [canceling, setCanceling] = useState<Appointment | null>(null);
  const [reviewing, setReviewing] = useState<ListedAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const doctor = side === 'doctor';
  const askNoShow = useAskNoShow();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(`appointments.title.${side}`)}
      </Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => setParams(v === 'archived' ? { tab: 'archived' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="active" leftSection={<IconCalendarClock size={16} />}>
            {t('appointments.tabs.active')}
          </Tabs.Tab>
          <Tabs.Tab value="archived" leftSection={<IconArchive size={16} />}>
            {t('appointments.tabs.archived')}
          </Tabs.Tab>
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <AppointmentList
              side={side}
              tab={value}
              onPatientInfo={doctor ? (a) => setPatientId(a.patientId) : undefined}
              onCancel={setCanceling}
              onReview={doctor ? undefined : setReviewing}
              onNoShow={doctor ? askNoShow : undefined}
              onReschedule={doctor ? undefined : setRescheduling}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      {doctor && <PatientInfoModal patientId={patientId} onClose={() => setPatientId(null)} />}
      <CancelDialog side={side} appointment={canceling} onClose={() => setCanceling(null)} />
      {rescheduling && <RescheduleDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />}
      {reviewing && (
        <Suspense fallback={null}>
          <ReviewModal
            appointment={{ ...reviewing, patientReview: reviewing.patientReview ?? null }}
            onClose={() => setReviewing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
