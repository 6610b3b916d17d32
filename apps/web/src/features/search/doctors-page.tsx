import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useViewerToday } from '../../lib/me';
import { DoctorSearch } from './components/doctor-search';
import { SearchLoading } from './components/search-loading';

/** /patient/doctors: find psychologists with free slots and book one. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  // Search dates are days of the viewer's saved zone, whose today may not be the browser's date.
  const today = useViewerToday();

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
