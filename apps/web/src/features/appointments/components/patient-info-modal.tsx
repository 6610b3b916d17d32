import { Alert, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { usePatientInfo } from '../api/patient-info';

function Field({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={text ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text || t('appointments.patient.notGiven')}
      </Text>
    </Stack>
  );
}

/** What the psychologist may see of a patient they have an appointment with. */
export function PatientInfoModal({ patientId, onClose }: { patientId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const info = usePatientInfo(patientId);

  useEffect(() => {
    if (info.isError) notify.error(t('appointments.patientInfoError'));
  }, [info.isError, t]);

  const patient = info.data;
  let body: ReactNode;
  if (info.isError) {
    body = (
      <Alert color="red" variant="light">
        {t('appointments.patientInfoError')}
      </Alert>
    );
  } else if (!patient) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    const name = `${patient.firstName} ${patient.lastName}`;
    body = (
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar path={patient.avatarUrl ? `/psychologist/profile/avatar/${patient.id}` : null} name={name} size={56} />
          <Stack gap={0} miw={0}>
            <Title order={3}>{name}</Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {patient.email}
            </Text>
          </Stack>
        </Group>
        <Field label={t('appointments.patient.dateOfBirth')} text={patient.dateOfBirth ? formatDate(patient.dateOfBirth) : ''} />
        <Field label={t('appointments.patient.aboutMe')} text={patient.aboutMe} />
        <Field label={t('appointments.patient.therapyGoals')} text={patient.therapyGoals} />
      </Stack>
    );
  }
  return (
    <Modal opened={patientId !== null} onClose={onClose} title={t('appointments.patientInfo')} size="lg" centered>
      {body}
    </Modal>
  );
}
