import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { PrivacyCard } from '../../components/privacy-card';
import { QueryView } from '../../components/query-view';
import { SecurityCard } from '../../components/security-card';
import { StaffProfileForm } from '../../components/staff-profile-form';
import { TimeZoneCard } from '../../components/time-zone-card';
import { useErrorToast } from '../../lib/use-error-toast';
import { adminProfileQuery, useAdminProfile, useUpdateAdminProfile } from './api/profile';

/** /admin/profile: the admin's own names; the e-mail is shown read-only. */
export default function AdminProfilePage() {
  const { t } = useTranslation();
  const profile = useAdminProfile();
  const save = useUpdateAdminProfile();
  const queryClient = useQueryClient();
  useErrorToast(profile.isError, t('admin.fetchError'));

  const reload = () => queryClient.fetchQuery({ ...adminProfileQuery, staleTime: 0 });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.profile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.profile.subtitle')}
        </Text>
      </div>
      <QueryView query={profile} errorMessage={t('admin.fetchError')} pending={<LoadingSkeleton height={240} radius="md" />}>
        {(data) => <StaffProfileForm profile={data} save={save} reload={reload} />}
      </QueryView>
      <TimeZoneCard />
      <NotificationPreferencesCard />
      <PrivacyCard />
      <SecurityCard />
    </Stack>
  );
}
