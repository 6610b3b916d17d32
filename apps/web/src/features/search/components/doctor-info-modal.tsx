import { Alert, Badge, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { notify } from '../../../lib/notify';
import { useDoctorInfo } from '../api/doctor-info';

function Section({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Stack>
  );
}

/** A psychologist's details and photo, opened from a search result. */
export function DoctorInfoModal({ doctorId, onClose }: { doctorId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useDoctorInfo(doctorId);

  useEffect(() => {
    if (info.isError) notify.error(t('doctorSearch.doctorInfoError'));
  }, [info.isError, t]);

  const doctor = info.data;
  const name = doctor ? `${doctor.firstName} ${doctor.lastName}` : '';
  let body: ReactNode;
  if (info.isError) {
    body = (
      <Alert color="red" variant="light">
        {t('doctorSearch.doctorInfoError')}
      </Alert>
    );
  } else if (!doctor) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    body = (
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar path={doctor.avatarPath ? `/psychologist/profile/avatar/${doctorId}` : null} name={name} size={88} />
          <Stack gap={4}>
            <Title order={3}>{name}</Title>
            {doctor.experience !== null && (
              <Text size="sm" c="dimmed">
                {t('doctorSearch.experienceYears', { count: doctor.experience })}
              </Text>
            )}
          </Stack>
        </Group>
        {doctor.therapyTypes.length > 0 && (
          <Group gap={6}>
            {doctor.therapyTypes.map((code) => (
              <Badge key={code} variant="light" size="sm" tt="none">
                {t(`therapyTypes.${code}`)}
              </Badge>
            ))}
          </Group>
        )}
        <Section label={t('doctorSearch.about')} text={doctor.description} />
        <Section label={t('doctorSearch.education')} text={doctor.education} />
      </Stack>
    );
  }
  return (
    <Modal opened={doctorId !== null} onClose={onClose} title={t('doctorSearch.doctorInfo')} size="lg" centered>
      {body}
    </Modal>
  );
}
