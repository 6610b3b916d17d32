import { Alert, Button, Center, EmptyState, Stack, Text } from '@mantine/core';
import type { AvailableSlot, DoctorSearchBody, DoctorSearchPage, DoctorSearchPageItem } from '@rozmova/contract';
import { IconCalendarOff } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchLoading } from './search-loading';
import { SearchResultCard } from './search-result-card';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<DoctorSearchPage, unknown>>;
  /** The search the pages answer, for loading one doctor's full slots. */
  search: DoctorSearchBody;
  onInfo: (doctor: DoctorSearchPageItem) => void;
  onBook: (doctor: DoctorSearchPageItem, slot: AvailableSlot) => void;
};

/** Loading, error (with retry), empty, or the pages of doctors loaded so far with a "show more" button. */
export function SearchResults({ query, search, onInfo, onBook }: Props) {
  const { t } = useTranslation();
  if (query.isPending) return <SearchLoading />;
  if (query.isError && !query.data) {
    return (
      <Alert color="red" variant="light" title={t('doctorSearch.searchError')}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const doctors = query.data.pages.flatMap((page) => page.doctors);
  if (doctors.length === 0) {
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
        {t(query.hasNextPage ? 'doctorSearch.resultsShown' : 'doctorSearch.resultsCount', { count: doctors.length })}
      </Text>
      {doctors.map((doctor) => (
        <SearchResultCard key={doctor.id} doctor={doctor} search={search} onInfo={onInfo} onBook={onBook} />
      ))}
      {query.isFetchNextPageError ? <Alert color="red" variant="light" title={t('doctorSearch.moreError')} /> : null}
      {query.hasNextPage ? (
        <Center>
          <Button variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('doctorSearch.showMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
