import { Anchor, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ApiError } from '../../lib/api';
import { usePublicGroup } from './api/public-group';
import { GroupDetail } from './components/group-detail';

/** /group/:id: one group a patient may join (or has), shareable by its address. */
export default function GroupPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const group = usePublicGroup(id);

  let body: ReactNode;
  if (id === 0 || (group.error instanceof ApiError && group.error.status === 404)) {
    body = (
      <EmptyState py="xl" icon={<IconUsersGroup size={32} />} withIndicatorBackground>
        <EmptyState.Title order={1}>{t('groupJoin.notFound')}</EmptyState.Title>
        <EmptyState.Description>{t('groupJoin.notFoundHint')}</EmptyState.Description>
      </EmptyState>
    );
  } else if (group.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (group.isError) {
    body = <LoadError message={t('groupJoin.loadError')} onRetry={() => void group.refetch()} />;
  } else {
    body = <GroupDetail group={group.data} />;
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/patient/doctors?tab=groups" size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('groupJoin.back')}
      </Anchor>
      {body}
    </Stack>
  );
}
