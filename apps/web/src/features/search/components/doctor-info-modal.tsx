import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoField, InfoModal } from '../../../components/info-modal';
import { TherapyBadge } from '../../../components/therapy-badge';
import { userAvatarPath } from '../../../components/use-avatar-url';
import { UserAvatar } from '../../../components/user-avatar';
import { languageName } from '../../../lib/work-languages';
import { useDoctorInfo } from '../api/doctor-info';

/** A psychologist's details and photo, opened from a search result. */
export function DoctorInfoModal({ doctorId, onClose }: { doctorId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <InfoModal
      opened={doctorId !== null}
      onClose={onClose}
      title={t('doctorSearch.doctorInfo')}
      query={useDoctorInfo(doctorId)}
      errorMessage={t('doctorSearch.doctorInfoError')}
    >
      {(doctor) => {
        const name = `${doctor.firstName} ${doctor.lastName}`;
        return (
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <UserAvatar path={doctor.avatarPath && doctorId !== null ? userAvatarPath(doctorId) : null} name={name} size={88} />
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
                  <TherapyBadge key={code} code={code} size="sm" />
                ))}
              </Group>
            )}
            {doctor.languages.length > 0 && (
              <InfoField
                label={t('doctorSearch.languages')}
                text={doctor.languages.map((code) => languageName(code, i18n.language)).join(', ')}
              />
            )}
            <InfoField label={t('doctorSearch.about')} text={doctor.description} />
            <InfoField label={t('doctorSearch.specialties')} text={doctor.specialties} />
            <InfoField label={t('doctorSearch.education')} text={doctor.education} />
            <InfoField label={t('doctorSearch.certificates')} text={doctor.certificates} />
          </Stack>
        );
      }}
    </InfoModal>
  );
}
