import { type ClinicalRecord, RECORDS_PAGE_SIZE, type RecordPage } from '@rozmova/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { recordKeys } from '../../../entities/record/keys';
import { api } from '../../../lib/api';

// The spec's records paths carry an extra /api on top of the client's /api base.
export const fetchRecordPage = (page: number) => api<RecordPage>('/api/records', { query: { page, size: RECORDS_PAGE_SIZE } });

/** The psychologist's own notes, newest first, a page at a time. */
export const recordsQuery = infiniteQueryOptions({
  queryKey: recordKeys.list(),
  queryFn: ({ pageParam }) => fetchRecordPage(pageParam),
  initialPageParam: 0,
  getNextPageParam: (last: RecordPage) => (last.last ? undefined : last.page + 1),
});

export const useRecords = () => useInfiniteQuery(recordsQuery);

/** The notes of every page loaded so far, newest first. */
export const loadedRecords = (data: InfiniteData<RecordPage> | undefined): ClinicalRecord[] =>
  data?.pages.flatMap((p) => p.content) ?? [];

/** Changes the notes of each loaded page at once (the first page is where a new note goes). */
export function changeLoadedRecords(
  queryClient: QueryClient,
  change: (notes: ClinicalRecord[], pageIndex: number) => ClinicalRecord[],
) {
  queryClient.setQueryData(
    recordsQuery.queryKey,
    (data) => data && { ...data, pages: data.pages.map((p, i) => ({ ...p, content: change(p.content, i) })) },
  );
}
