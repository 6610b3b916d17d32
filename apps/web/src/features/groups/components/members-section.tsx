import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { GroupMember, GroupProgram } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { notify } from '../../../lib/notify';
import { useMembers } from '../api/members';
import { useRemoveMember } from '../api/remove-member';
import { AddMemberForm } from './add-member-form';
import { MemberRow } from './member-row';

/** The members (read on the audit trail), adding a patient the psychologist treats, and removing one. */
export function MembersSection({ group, timeZone }: { group: GroupProgram; timeZone: string }) {
  const { t } = useTranslation();
  const members = useMembers(group.id);
  const remove = useRemoveMember(group.id);
  const active = group.status === 'ACTIVE';

  const askRemove = (m: GroupMember) =>
    modals.openConfirmModal({
      title: t('groups.member.removeTitle'),
      children: <Text size="sm">{t('groups.member.removeText', { name: `${m.firstName} ${m.lastName}` })}</Text>,
      labels: { confirm: t('groups.member.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(m.patientId, {
          onSuccess: () => notify.success(t('groups.member.removed')),
          onError: () => notify.error(t('groups.member.removeFailed')),
        }),
    });

  if (members.isPending) return <LoadingSkeleton height={120} />;
  if (members.isError) return <LoadError message={t('groups.membersError')} onRetry={() => void members.refetch()} />;
  return (
    <Stack gap="md">
      {active && <AddMemberForm group={group} members={members.data} timeZone={timeZone} />}
      <Text size="sm" c="dimmed">
        {t('groups.members', { count: members.data.length, capacity: group.capacity })}
      </Text>
      {members.data.length === 0 ? (
        <Text c="dimmed">{t('groups.member.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('groups.tabs.members')}>
          {members.data.map((m) => (
            <MemberRow key={m.patientId} member={m} timeZone={timeZone} canRemove={active} onRemove={askRemove} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
