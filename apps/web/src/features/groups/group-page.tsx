import { Anchor, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconSettings, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { ApiError } from '../../lib/api';
import { useMe } from '../../lib/me';
import { useGroup } from './api/group';
import { EditGroupForm } from './components/edit-group-form';
import { GroupHeader } from './components/group-header';
import { MembersSection } from './components/members-section';
import { SessionsSection } from './components/sessions-section';

const TABS = ['sessions', 'members', 'details'] as const;
type Tab = (typeof TABS)[number];

/** /groups/:id: one program: its sessions, its members and its details, on the psychologist's own clock. */
export default function GroupPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((v) => v === params.get('tab')) ?? 'sessions';
  const group = useGroup(id);
  const me = useMe();
  const zone = me.data?.timeZone;

  let body: ReactNode;
  if (group.isPending || (!zone && !me.isError)) body = <LoadingSkeleton height={320} />;
  else if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    body = <LoadError message={t(missing ? 'groups.notFound' : 'groups.fetchOneError')} onRetry={() => void group.refetch()} />;
  } else {
    const timeZone = zone ?? group.data.sessions[0]?.timeZone ?? 'UTC';
    body = (
      <Stack gap="lg">
        <GroupHeader group={group.data} />
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'sessions' ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="sessions" leftSection={<IconCalendarEvent size={16} />}>
              {t('groups.tabs.sessions')}
            </Tabs.Tab>
            <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
              {t('groups.tabs.members')}
            </Tabs.Tab>
            <Tabs.Tab value="details" leftSection={<IconSettings size={16} />}>
              {t('groups.tabs.details')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sessions">
            <SessionsSection group={group.data} timeZone={timeZone} />
          </Tabs.Panel>
          <Tabs.Panel value="members">
            <MembersSection group={group.data} timeZone={timeZone} />
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <EditGroupForm group={group.data} timeZone={timeZone} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/groups" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
        {t('groups.back')}
      </Anchor>
      {body}
    </Stack>
  );
}
