import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { WaitingPerson } from '@rozmova/contract';
import {
  IconDoorEnter,
  IconDots,
  IconHandStop,
  IconLock,
  IconMicrophoneOff,
  IconPhoneX,
  IconUserMinus,
  IconVideoOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CallSession } from '../call/call-session';
import type { RemotePeer } from '../call/call-state';
import { peerName } from './remote-tile';

const nameOf = (p: WaitingPerson) => `${p.firstName} ${p.lastName}`.trim();

/** The host's list of who waits to be let in: one by one, or everyone. */
export function WaitingList({ call, people }: { call: CallSession; people: WaitingPerson[] }) {
  const { t } = useTranslation();
  if (people.length === 0) return null;
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('video.host.waitingTitle', { count: people.length })}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('video.host.waitingTitle', { count: people.length })}</Text>
        {people.length > 1 && (
          <Button size="xs" leftSection={<IconDoorEnter size={16} />} onClick={() => call.admit('all')}>
            {t('video.host.letAllIn')}
          </Button>
        )}
      </Group>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {people.map((p) => (
          <Group key={p.userId} component="li" justify="space-between">
            <Text>{nameOf(p)}</Text>
            <Button
              size="xs"
              variant="light"
              aria-label={t('video.host.letInName', { name: nameOf(p) })}
              onClick={() => call.admit([p.userId])}
            >
              {t('video.host.letIn')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function confirm(title: string, body: string, label: string, onConfirm: () => void, cancel: string) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: label, cancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** The host's buttons for the whole call: mute everyone, end for everyone. */
export function HostButtons({ call }: { call: CallSession }) {
  const { t } = useTranslation();
  const end = () =>
    confirm(
      t('video.host.endConfirmTitle'),
      t('video.host.endConfirmBody'),
      t('video.host.endConfirm'),
      () => call.endForAll(),
      t('video.host.cancel'),
    );
  return (
    <>
      <Button variant="default" leftSection={<IconMicrophoneOff size={18} />} onClick={() => call.askToMute('audio')}>
        {t('video.host.muteAll')}
      </Button>
      <Button color="red" variant="outline" leftSection={<IconPhoneX size={18} />} onClick={end}>
        {t('video.host.endForAll')}
      </Button>
    </>
  );
}

/** The host's menu on a participant's tile: ask to mute, turn the camera off, remove from the session. */
export function TileActions({ call, peer }: { call: CallSession; peer: RemotePeer }) {
  const { t } = useTranslation();
  const name = peerName(peer, t('video.tile.someone'));
  const userId = peer.userId;
  const remove = () =>
    userId !== null &&
    confirm(
      t('video.host.removeConfirmTitle', { name }),
      t('video.host.removeConfirmBody'),
      t('video.host.removeConfirm'),
      () => call.remove(userId),
      t('video.host.cancel'),
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="filled" color="dark" aria-label={t('video.host.actions', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconMicrophoneOff size={16} />} onClick={() => call.askToMute('audio', peer.peerId)}>
          {t('video.host.mute')}
        </Menu.Item>
        <Menu.Item leftSection={<IconVideoOff size={16} />} onClick={() => call.askToMute('video', peer.peerId)}>
          {t('video.host.cameraOff')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} disabled={userId === null} onClick={remove}>
          {t('video.host.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Raise or lower this person's hand. */
export function HandButton({ call, raised }: { call: CallSession; raised: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant={raised ? 'filled' : 'default'}
      color={raised ? 'yellow' : undefined}
      aria-pressed={raised}
      leftSection={<IconHandStop size={18} />}
      onClick={() => call.raiseHand(!raised)}
    >
      {raised ? t('video.host.lowerHand') : t('video.host.raiseHand')}
    </Button>
  );
}

/** That the call is end-to-end encrypted, and the safety code to compare aloud. */
export function E2eeBadge({ code }: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status" aria-label={t('video.e2ee.badge')}>
      <Tooltip label={t('video.e2ee.hint')} multiline w={280}>
        <Badge color="teal" variant="light" leftSection={<IconLock size={14} />} size="lg">
          {t('video.e2ee.badge')}
        </Badge>
      </Tooltip>
      <Text size="sm" data-testid="safety-code">
        {code ? t('video.e2ee.code', { code }) : t('video.e2ee.keying')}
      </Text>
    </Group>
  );
}
