import { Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

type Props<T> = {
  query: UseQueryResult<T>;
  /** What the failed load says above its retry button. */
  errorMessage: string;
  /** When the loaded data has nothing to show, `empty` stands in its place. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What stands in while it loads, where a spinner would not do (a skeleton of the form to come). */
  pending?: ReactNode;
  children: (data: T) => ReactNode;
};

/** A query's screen: a spinner while it loads, the error with a retry, a dimmed line when it is empty, else its data. */
export function QueryView<T>({ query, errorMessage, isEmpty, empty, pending, children }: Props<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    if (pending) return pending;
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) return <LoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  return children(query.data);
}
