import { Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoField, InfoModal } from '../../../components/info-modal';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PatientActions } from '../../../components/patient-actions';
import { userAvatarPath } from '../../../components/use-avatar-url';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormatDate } from '../../../lib/dates';
import { usePatientInfo } from '../api/patient-info';
import { useTreatedPatientMeasures } from '../api/treated-patient-measures';

// The chart library comes with the panel, and only this view and the manager's dashboard load it.
const MeasuresPanel = lazy(() => import('../../../components/measures/measures-panel'));

/** What the psychologist may see of a patient they have an appointment with, their questionnaires included. */
export function PatientInfoModal({ patientId, onClose }: { patientId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const notGiven = t('appointments.patient.notGiven');
  const measures = useTreatedPatientMeasures(patientId);
  // What opened this view: the report opened from it takes its place, and focus goes back there after both.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (patientId !== null && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [patientId]);
  return (
    <InfoModal
      opened={patientId !== null}
      onClose={onClose}
      title={t('appointments.patientInfo')}
      query={usePatientInfo(patientId)}
      errorMessage={t('appointments.patientInfoError')}
    >
      {(patient) => {
        const name = `${patient.firstName} ${patient.lastName}`;
        return (
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <UserAvatar path={patient.avatarUrl ? userAvatarPath(patient.id) : null} name={name} size={56} />
              <Stack gap={0} miw={0}>
                <Title order={3}>{name}</Title>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {patient.email}
                </Text>
              </Stack>
            </Group>
            <PatientActions patientId={patient.id} name={name} reportOpener={() => opener.current} onReport={onClose} />
            <InfoField
              label={t('appointments.patient.dateOfBirth')}
              text={patient.dateOfBirth ? formatDate(patient.dateOfBirth) : ''}
              emptyText={notGiven}
            />
            <InfoField label={t('appointments.patient.aboutMe')} text={patient.aboutMe} emptyText={notGiven} />
            <InfoField label={t('appointments.patient.therapyGoals')} text={patient.therapyGoals} emptyText={notGiven} />
            <Suspense fallback={<LoadingSkeleton height={220} />}>
              <MeasuresPanel query={measures} />
            </Suspense>
          </Stack>
        );
      }}
    </InfoModal>
  );
}
