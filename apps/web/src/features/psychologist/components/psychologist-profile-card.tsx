import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { DoctorInfo } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { TherapyBadge } from '../../../components/therapy-badge';
import { userAvatarPath } from '../../../components/use-avatar-url';
import { UserAvatar } from '../../../components/user-avatar';

/** The public face of a psychologist: photo, name, experience, methods, education and about text. */
export function PsychologistProfileCard({ id, doctor }: { id: number; doctor: DoctorInfo }) {
  const { t } = useTranslation();
  const name = `${doctor.firstName} ${doctor.lastName}`.trim();
  return (
    <Card withBorder padding="xl">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <UserAvatar path={doctor.avatarPath ? userAvatarPath(id) : null} name={name} size={140} />
        <Stack gap="sm" flex={1} miw={260}>
          <div>
            <Text size="sm" c="dimmed">
              {t('doctorProfile.role')}
            </Text>
            <Title order={1} size="h2">
              {name}
            </Title>
          </div>
          {doctor.experience !== null && (
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('doctorProfile.experience')}:
              </Text>
              <Text fw={600}>{doctor.experience}</Text>
            </Group>
          )}
          <section aria-label={t('doctorProfile.therapyTypes')}>
            <Text size="sm" c="dimmed" mb={6}>
              {t('doctorProfile.therapyTypes')}
            </Text>
            {doctor.therapyTypes.length ? (
              <Group gap={6}>
                {doctor.therapyTypes.map((code) => (
                  <TherapyBadge key={code} code={code} size="lg" />
                ))}
              </Group>
            ) : (
              <Text size="sm">{t('doctorProfile.notGiven')}</Text>
            )}
          </section>
        </Stack>
      </Group>
      <Divider my="lg" />
      <Stack gap="lg">
        <InfoBlock title={t('doctorProfile.description')} text={doctor.description} />
        <InfoBlock title={t('doctorProfile.specialties')} text={doctor.specialties} />
        <InfoBlock title={t('doctorProfile.education')} text={doctor.education} />
        <InfoBlock title={t('doctorProfile.certificates')} text={doctor.certificates} />
      </Stack>
    </Card>
  );
}

function InfoBlock({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <Title order={4} mb={6}>
        {title}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }} c={text ? undefined : 'dimmed'}>
        {text || t('doctorProfile.notGiven')}
      </Text>
    </section>
  );
}
