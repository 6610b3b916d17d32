import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { ManagerProfile } from '@rozmova/contract';
import { IconId, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { PrivacyCard } from '../../components/privacy-card';
import { QueryView } from '../../components/query-view';
import { SecurityCard } from '../../components/security-card';
import { StaffProfileForm } from '../../components/staff-profile-form';
import { TimeZoneCard } from '../../components/time-zone-card';
import { useErrorToast } from '../../lib/use-error-toast';
import { managerProfileQuery, useManagerProfile, useUpdateManagerProfile } from './api/profile';
import { ManagedPatients } from './components/managed-patients';

/** /manager/profile: the manager's own names (e-mail read-only) and the patients they follow. */
export default function ManagerProfilePage() {
  const { t } = useTranslation();
  const profile = useManagerProfile();
  const save = useUpdateManagerProfile();
  const queryClient = useQueryClient();
  const reload = () => queryClient.fetchQuery({ ...managerProfileQuery, staleTime: 0 });
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'patients' ? 'patients' : 'info';
  useErrorToast(profile.isError, t('manager.fetchError'));

  // Both tabs wait on the one profile load.
  const loaded = (children: (data: ManagerProfile) => ReactNode) => (
    <QueryView query={profile} errorMessage={t('manager.fetchError')} pending={<LoadingSkeleton height={240} radius="md" />}>
      {children}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('manager.profile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('manager.profile.subtitle')}
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => setParams(v === 'patients' ? { tab: 'patients' } : {}, { replace: true })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info" leftSection={<IconId size={16} />}>
            {t('manager.profile.tabs.info')}
          </Tabs.Tab>
          <Tabs.Tab value="patients" leftSection={<IconUsers size={16} />}>
            {t('manager.profile.tabs.patients')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <Stack gap="lg">
            {loaded((data) => (
              <StaffProfileForm profile={data} save={save} reload={reload} />
            ))}
            <TimeZoneCard />
            <NotificationPreferencesCard />
            <PrivacyCard />
            <SecurityCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="patients">
          {loaded((data) => (
            <ManagedPatients patients={data.managedPatients} />
          ))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
