import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Passkey } from '@rozmova/contract';
import { IconCheck, IconFingerprint, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useRecheck } from '../../../components/recheck-dialog';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useFormatInstant } from '../../../lib/zoned-time';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

/** The browser's own refusal (cancelled, timed out, no authenticator) reads as one plain sentence. */
const passkeyError = (t: TFunction, err: unknown) =>
  err instanceof ApiError ? errorText(t, err, 'error.generic') : t('security.passkeyCancelled');

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState<string | null>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing?.trim()) return;
    rename.mutate(
      { id: passkey.id, name: editing.trim() },
      { onSuccess: () => setEditing(null), onError: (err) => notify.error(errorText(t, err, 'error.generic')) },
    );
  };
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="passkey-item">
      {editing === null ? (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              {passkey.lastUsedAt
                ? t('security.passkeyUsed', { date: format(passkey.lastUsedAt) })
                : t('security.passkeyAdded', { date: format(passkey.createdAt) })}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('security.renamePasskey', { name: passkey.name })}
              onClick={() => setEditing(passkey.name)}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('security.removePasskey', { name: passkey.name })}
              onClick={() => onRemove(passkey.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
      ) : (
        <form onSubmit={save}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('security.passkeyName')}
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
              maxLength={60}
              autoFocus
              style={{ flex: 1 }}
            />
            <ActionIcon type="submit" size="lg" aria-label={t('common.save')} loading={rename.isPending}>
              <IconCheck size={18} />
            </ActionIcon>
            <ActionIcon size="lg" variant="default" aria-label={t('common.cancel')} onClick={() => setEditing(null)}>
              <IconX size={18} />
            </ActionIcon>
          </Group>
        </form>
      )}
    </Card>
  );
}

/** Passkeys: sign in with the device's lock (fingerprint, face, PIN) instead of a password and code. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const { run, dialog } = useRecheck();

  // Asked again for a factor when the last check is older than 10 minutes.
  const removeOne = (id: number) =>
    run(() => remove.mutateAsync(id)).then(
      (done) => done && notify.success(t('security.passkeyRemoved')),
      (err) => notify.error(errorText(t, err, 'error.generic')),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim() || t('security.passkeyDefaultName'), {
      onSuccess: () => {
        setName('');
        notify.success(t('security.passkeyAdded2'));
      },
      onError: (err) => notify.error(passkeyError(t, err)),
    });
  };

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingSkeleton height={80} radius="md" />;
  else if (list.isError) body = <LoadError message={t('security.passkeysError')} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('security.noPasskeys')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.data.map((p) => (
          <PasskeyRow key={p.id} passkey={p} onRemove={removeOne} />
        ))}
      </Stack>
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconFingerprint size={20} />
          <Title order={3} size="h4">
            {t('security.passkeysTitle')}
          </Title>
        </Group>
        <Text size="sm">{t('security.passkeysIntro')}</Text>
        {body}
        <form onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={t('security.passkeyName')}
              placeholder={t('security.passkeyDefaultName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              style={{ flex: '1 1 200px' }}
            />
            <Button type="submit" loading={add.isPending}>
              {t('security.addPasskey')}
            </Button>
          </Group>
        </form>
      </Stack>
      {dialog}
    </Card>
  );
}
