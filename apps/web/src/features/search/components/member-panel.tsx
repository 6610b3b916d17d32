import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PublicGroup } from '@rozmova/contract';
import { IconCalendarEvent, IconCircleCheck, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useLeaveGroup } from '../api/leave-group';

/** For a member: where the sessions are, and leaving the group after a confirmation. */
export function MemberPanel({ group }: { group: PublicGroup }) {
  const { t } = useTranslation();
  const leave = useLeaveGroup();
  const askLeave = () =>
    modals.openConfirmModal({
      title: t('groupJoin.leaveTitle'),
      children: <Text size="sm">{t('groupJoin.leaveText', { title: group.title })}</Text>,
      labels: { confirm: t('groupJoin.leave'), cancel: t('groupJoin.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        leave.mutate(group.id, {
          onSuccess: () => notify.success(t('groupJoin.left')),
          onError: (err) => notify.error(errorText(t, err, 'groupJoin.leaveError')),
        }),
    });

  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={t('groupJoin.member')}>
      <Text size="sm">{t('groupJoin.memberHint')}</Text>
      <Group mt="sm" gap="sm">
        <Button component={Link} to="/patient/appointments" size="xs" leftSection={<IconCalendarEvent size={16} />}>
          {t('groupJoin.myAppointments')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          loading={leave.isPending}
          onClick={askLeave}
        >
          {t('groupJoin.leave')}
        </Button>
      </Group>
    </Alert>
  );
}
