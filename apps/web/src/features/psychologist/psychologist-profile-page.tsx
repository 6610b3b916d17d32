import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallSettingsCard } from '../../components/call-settings-card';
import { DocumentsCard } from '../../components/documents/documents-card';
import { LoadError } from '../../components/load-error';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { PrivacyCard } from '../../components/privacy-card';
import { ProfileCard } from '../../components/profile-card';
import { SecurityCard } from '../../components/security-card';
import { TimeZoneCard } from '../../components/time-zone-card';
import { VerificationNotice } from '../../components/verification-notice';
import { useOwnDocuments } from '../../entities/psychologist/verification-documents';
import { useMe } from '../../lib/me';
import { useErrorToast } from '../../lib/use-error-toast';

import { useProfile } from './api/get-profile';
import { ProfileSkeleton } from './components/profile-skeleton';
import { PsychologistProfileForm } from './components/psychologist-profile-form';

/** /doctor/profile: the psychologist edits their photo and professional profile, and sends verification documents. */
export default function PsychologistProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const me = useMe();
  const documents = useOwnDocuments();

  useErrorToast(profile.isError, t('psychologistProfile.errorMessage'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('psychologistProfile.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('psychologistProfile.subtitle')}
          </Text>
        </div>
        {me.data && (
          <Anchor component={Link} to={`/doctor/profile/${me.data.id}`} size="sm">
            <Group gap={4} wrap="nowrap">
              {t('psychologistProfile.viewPublic')}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      {profile.data && (
        <VerificationNotice
          verification={profile.data.verification}
          hasDocuments={documents.data ? documents.data.documents.length > 0 : true}
        />
      )}
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <LoadError message={t('psychologistProfile.errorMessage')} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileCard
          firstName={profile.data.firstName}
          lastName={profile.data.lastName}
          hasAvatar={profile.data.avatarUrl !== null}
          errorMessage={t('psychologistProfile.errorMessage')}
        >
          <PsychologistProfileForm profile={profile.data} />
        </ProfileCard>
      )}
      <DocumentsCard documents={documents} />
      <TimeZoneCard />
      <CallSettingsCard />
      <NotificationPreferencesCard />
      <PrivacyCard />
      <SecurityCard />
    </Stack>
  );
}
