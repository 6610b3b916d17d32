import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AdminUserRow } from '@rozmova/contract';
import { IconCircleCheck, IconCircleX, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecheck } from '../../../components/recheck-dialog';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useEnableUser, useVerifyUser } from '../api/user-actions';
import { VerifyDialog } from './verify-dialog';

const fullName = (u: AdminUserRow) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * Disable (after a confirmation) or enable (at once) a user; check a psychologist who awaits verification (their
 * documents, then approve or reject with a reason), or withdraw a psychologist's verification (after a confirmation).
 */
export function UserRowActions({ user, self }: { user: AdminUserRow; self: boolean }) {
  const { t } = useTranslation();
  const enable = useEnableUser();
  const verify = useVerifyUser();
  const [checking, setChecking] = useState(false);
  const { run, dialog } = useRecheck();
  const failed = (err: unknown) =>
    notify.error(
      t(err instanceof ApiError && err.code === 'CANNOT_DISABLE_SELF' ? 'admin.users.cannotDisableSelf' : 'admin.saveError'),
    );

  // Asks the admin again for a factor when their last check is older than 10 minutes, then tries once more.
  const setEnabled = (value: boolean) =>
    run(() => enable.mutateAsync({ id: user.id, enable: value })).then(
      (done) => done && notify.success(t(value ? 'admin.users.enabledToast' : 'admin.users.disabledToast')),
      failed,
    );
  const askDisable = () =>
    modals.openConfirmModal({
      title: t('admin.users.disableTitle'),
      children: <Text size="sm">{t('admin.users.disableText', { name: fullName(user), email: user.email })}</Text>,
      labels: { confirm: t('admin.users.disable'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setEnabled(false),
    });
  /** Withdraws a verification, after a confirmation. */
  const askUnverify = () =>
    modals.openConfirmModal({
      title: t('admin.users.unverifyTitle'),
      children: <Text size="sm">{t('admin.users.unverifyText', { name: fullName(user) })}</Text>,
      labels: { confirm: t('admin.users.unverify'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        verify.mutate(
          { id: user.id, verified: false },
          { onSuccess: () => notify.success(t('admin.users.unverifiedToast')), onError: failed },
        ),
    });

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {user.verified === false && (
        <Button size="compact-sm" variant="light" leftSection={<IconCircleCheck size={16} />} onClick={() => setChecking(true)}>
          {t('admin.users.verify')}
        </Button>
      )}
      {user.verified === false && <VerifyDialog user={user} opened={checking} onClose={() => setChecking(false)} />}
      {user.verified === true && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconCircleX size={16} />}
          loading={verify.isPending}
          aria-label={t('admin.users.unverify')}
          title={t('admin.users.unverify')}
          onClick={askUnverify}
        >
          {/* Short, so the e-mails keep their room; the full name is the button's accessible name. */}
          {t('admin.users.unverifyShort')}
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
      {dialog}
    </Group>
  );
}
