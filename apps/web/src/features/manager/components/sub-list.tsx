import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props<T> = {
  query: UseQueryResult<T[]>;
  title: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
};

/**
 * One list of the patient dashboard. A failed load shows the list as empty, as the spec has it for these lists: the
 * other lists of the dashboard stay useful.
 */
export function SubList<T>({ query, title, emptyText, children }: Props<T>) {
  const { t } = useTranslation();
  const items = query.isError ? [] : query.data;
  let body: ReactNode;
  if (items === undefined) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else if (items.length === 0) {
    body = <Text c="dimmed">{emptyText}</Text>;
  } else {
    body = children(items);
  }
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
