import { Skeleton, type SkeletonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A block that stands in for content still loading: announced as loading and marked busy, so assistive technology
 * (and the e2e suite's wait for a settled screen) know the content is on its way.
 */
export function LoadingSkeleton(props: Omit<SkeletonProps, 'role' | 'aria-label'>) {
  const { t } = useTranslation();
  return <Skeleton {...props} role="status" aria-busy="true" aria-label={t('common.loading')} />;
}
