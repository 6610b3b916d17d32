import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconStethoscope, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useViewerToday } from '../../lib/zoned-time';
import { DoctorSearch } from './components/doctor-search';
import { SearchLoading } from './components/search-loading';

// The Groups tab loads when first opened: most visits book a psychologist.
const GroupSearch = lazy(() => import('./components/group-search'));

type SearchTab = 'doctors' | 'groups';

/** /patient/doctors: find psychologists with free slots and book one, or (`?tab=groups`) an open group to join. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  // Search dates are days of the viewer's saved zone, whose today may not be the browser's date.
  const today = useViewerToday();
  const [params, setParams] = useSearchParams();
  const tab: SearchTab = params.get('tab') === 'groups' ? 'groups' : 'doctors';

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('doctorSearch.title')}
      </Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => setParams(v === 'groups' ? { tab: 'groups' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="doctors" leftSection={<IconStethoscope size={16} />}>
            {t('groupSearch.tabs.doctors')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} />}>
            {t('groupSearch.tabs.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="doctors">
          <Stack gap="lg">
            <Text c="dimmed">{t('doctorSearch.subtitle')}</Text>
            {today ? <DoctorSearch today={today} /> : <SearchLoading />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <Suspense fallback={<SearchLoading of="groups" />}>
            {today ? <GroupSearch today={today} /> : <SearchLoading of="groups" />}
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
