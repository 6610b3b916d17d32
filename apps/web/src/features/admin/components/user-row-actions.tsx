import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AdminUserRow } from '@rozmova/contract';
import { IconCircleCheck, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useEnableUser, useVerifyUser } from '../api/user-actions';

const fullName = (u: AdminUserRow) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Disable (after a confirmation) or enable (at once) a user; verify a psychologist who awaits it (after a confirmation). */
export function UserRowActions({ user, self }: { user: AdminUserRow; self: boolean }) {
  const { t } = useTranslation();
  const enable = useEnableUser();
  const verify = useVerifyUser();
  const failed = (err: Error) =>
    notify.error(
      t(err instanceof ApiError && err.code === 'CANNOT_DISABLE_SELF' ? 'admin.users.cannotDisableSelf' : 'admin.saveError'),
    );

  const setEnabled = (value: boolean) =>
    enable.mutate(
      { id: user.id, enable: value },
      { onSuccess: () => notify.success(t(value ? 'admin.users.enabledToast' : 'admin.users.disabledToast')), onError: failed },
    );
  const askDisable = () =>
    modals.openConfirmModal({
      title: t('admin.users.disableTitle'),
      children: <Text size="sm">{t('admin.users.disableText', { name: fullName(user), email: user.email })}</Text>,
      labels: { confirm: t('admin.users.disable'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setEnabled(false),
    });
  const askVerify = () =>
    modals.openConfirmModal({
      title: t('admin.users.verifyTitle'),
      children: <Text size="sm">{t('admin.users.verifyText', { name: fullName(user) })}</Text>,
      labels: { confirm: t('admin.users.verify'), cancel: t('common.cancel') },
      onConfirm: () =>
        verify.mutate(
          { id: user.id, verified: true },
          { onSuccess: () => notify.success(t('admin.users.verifiedToast')), onError: failed },
        ),
    });

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {user.verified === false && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCircleCheck size={16} />}
          loading={verify.isPending}
          onClick={askVerify}
        >
          {t('admin.users.verify')}
        </Button>
      )}
      {user.enabled ? (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconUserOff size={16} />}
          loading={enable.isPending}
          disabled={self}
          title={self ? t('admin.users.cannotDisableSelf') : undefined}
          onClick={askDisable}
        >
          {t('admin.users.disable')}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          leftSection={<IconUserCheck size={16} />}
          loading={enable.isPending}
          onClick={() => setEnabled(true)}
        >
          {t('admin.users.enable')}
        </Button>
      )}
    </Group>
  );
}
