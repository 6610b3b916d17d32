import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlatformToday } from '../../lib/platform';
import { DoctorSearch } from './components/doctor-search';
import { SearchLoading } from './components/search-loading';

/** /patient/doctors: find psychologists with free slots and book one. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  // The server refuses a start before its own today, which may not be the browser's date.
  const today = usePlatformToday();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('doctorSearch.title')}
        </Title>
        <Text c="dimmed">{t('doctorSearch.subtitle')}</Text>
      </div>
      {today ? <DoctorSearch today={today} /> : <SearchLoading />}
    </Stack>
  );
}
