import { Alert, Button, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from '../../components/avatar-upload';
import { notify } from '../../lib/notify';
import { usePatientProfile } from './api/get-profile';
import { PatientProfileForm } from './components/profile-form';

/** /patient/profile: the patient's photo and the details their psychologist will see. */
export default function PatientProfilePage() {
  const { t } = useTranslation();
  const profile = usePatientProfile();

  useEffect(() => {
    if (profile.isError) notify.error(t('patientProfile.errorMessage'));
  }, [profile.isError, t]);

  let body: ReactNode;
  if (profile.isPending) {
    body = <Skeleton height={420} radius="md" aria-label={t('common.loading')} />;
  } else if (profile.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('patientProfile.errorMessage')}>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void profile.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Card withBorder padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <AvatarUpload
              name={`${profile.data.firstName} ${profile.data.lastName}`.trim()}
              errorMessage={t('patientProfile.errorMessage')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <PatientProfileForm profile={profile.data} />
          </Grid.Col>
        </Grid>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('patientProfile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('patientProfile.subtitle')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
