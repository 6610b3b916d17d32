import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupSearch } from '../api/search-groups';
import { GroupFilters, type GroupFilterValues } from './group-filters';
import { GroupResults } from './group-results';

/** The Groups tab of the search: filters, then the open groups page by page. A default export: the tab loads it. */
export default function GroupSearch({ today }: { today: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<GroupFilterValues>({});
  // Every open group at first: the filters only narrow it.
  const [submitted, setSubmitted] = useState<GroupFilterValues>({});
  const [page, setPage] = useState(0);
  const results = useGroupSearch({ ...submitted, page });

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('groupSearch.intro')}</Text>
      <GroupFilters
        value={draft}
        today={today}
        onChange={setDraft}
        onSubmit={() => {
          // The same search again still means "show me what is open now".
          if (JSON.stringify(draft) === JSON.stringify(submitted) && page === 0) void results.refetch();
          setSubmitted(draft);
          setPage(0);
        }}
        searching={results.isFetching}
      />
      <GroupResults
        query={results}
        page={page}
        onPage={(p) => {
          setPage(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}
