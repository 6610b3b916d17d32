import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { PrivacyCard } from '../../components/privacy-card';
import { ProfileCard } from '../../components/profile-card';
import { SecurityCard } from '../../components/security-card';
import { TimeZoneCard } from '../../components/time-zone-card';
import { useErrorToast } from '../../lib/use-error-toast';
import { usePatientProfile } from './api/get-profile';
import { CrisisCountryCard } from './components/crisis-country-card';
import { PatientProfileForm } from './components/patient-profile-form';

/** /patient/profile: the patient's photo and the details their psychologist will see. */
export default function PatientProfilePage() {
  const { t } = useTranslation();
  const profile = usePatientProfile();

  useErrorToast(profile.isError, t('patientProfile.errorMessage'));

  let body: ReactNode;
  if (profile.isPending) {
    body = <LoadingSkeleton height={420} radius="md" />;
  } else if (profile.isError) {
    body = <LoadError message={t('patientProfile.errorMessage')} onRetry={() => void profile.refetch()} />;
  } else {
    body = (
      <ProfileCard
        firstName={profile.data.firstName}
        lastName={profile.data.lastName}
        hasAvatar={profile.data.avatarUrl !== null}
        errorMessage={t('patientProfile.errorMessage')}
      >
        <PatientProfileForm profile={profile.data} />
      </ProfileCard>
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
      <TimeZoneCard />
      {profile.data && <CrisisCountryCard profile={profile.data} />}
      <NotificationPreferencesCard />
      <PrivacyCard />
      <SecurityCard />
    </Stack>
  );
}
