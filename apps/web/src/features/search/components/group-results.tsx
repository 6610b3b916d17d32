import { Center, EmptyState, Pagination, Stack } from '@mantine/core';
import type { GroupSearchPage } from '@rozmova/contract';
import { IconUsersGroup } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { GroupCard } from './group-card';
import { SearchLoading } from './search-loading';

type Props = {
  query: UseQueryResult<GroupSearchPage>;
  /** The page shown, from 0. */
  page: number;
  onPage: (page: number) => void;
};

/** Loading, error (with retry), empty, or one page of groups with the pages below. */
export function GroupResults({ query, page, onPage }: Props) {
  const { t } = useTranslation();
  if (query.isPending) return <SearchLoading of="groups" />;
  if (query.isError && !query.data) {
    return <LoadError message={t('groupSearch.error')} onRetry={() => void query.refetch()} />;
  }
  const { content, totalPages } = query.data;
  if (content.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconUsersGroup size={32} />}
        withIndicatorBackground
        title={t('groupSearch.empty')}
        description={t('groupSearch.emptyHint')}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching} aria-label={t('groupSearch.results')} component="section">
      {content.map((group) => (
        <GroupCard key={group.id} group={group} />
      ))}
      {totalPages > 1 && (
        <Center>
          <Pagination
            total={totalPages}
            value={page + 1}
            onChange={(p) => onPage(p - 1)}
            getControlProps={(control) => ({ 'aria-label': `${t('groupSearch.pages')}: ${control}` })}
            aria-label={t('groupSearch.pages')}
          />
        </Center>
      )}
    </Stack>
  );
}
