import { Alert, Button, EmptyState, Stack, Text } from '@mantine/core';
import type { AvailableSlot, DoctorSearchResult } from '@rozmova/contract';
import { IconCalendarOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DoctorCard } from './doctor-card';
import { SearchLoading } from './search-loading';

type Props = {
  query: UseQueryResult<DoctorSearchResult[]>;
  onInfo: (doctor: DoctorSearchResult) => void;
  onBook: (doctor: DoctorSearchResult, slot: AvailableSlot) => void;
};

/** Loading, error (with retry), empty, or the doctors with their free slots. */
export function SearchResults({ query, onInfo, onBook }: Props) {
  const { t } = useTranslation();
  if (query.isPending) return <SearchLoading />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={t('doctorSearch.searchError')}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconCalendarOff size={32} />}
        withIndicatorBackground
        title={t('doctorSearch.empty')}
        description={t('doctorSearch.emptyHint')}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('doctorSearch.resultsCount', { count: query.data.length })}
      </Text>
      {query.data.map((doctor) => (
        <DoctorCard key={doctor.id} doctor={doctor} onInfo={onInfo} onBook={onBook} />
      ))}
    </Stack>
  );
}
