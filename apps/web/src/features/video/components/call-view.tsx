import { Alert, Box, Button, Center, Grid, Group, Loader, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPhoneOff, IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentInfo } from '../api/appointment-info';
import type { CallSession } from '../call/call-session';
import { type CallState, isSharing } from '../call/call-state';
import type { LocalMedia, LocalMediaState } from '../call/local-media';
import { ChatPanel } from './chat-panel';
import { E2eeBadge, HandButton, HostButtons, TileActions, WaitingList } from './host-controls';
import { CameraToggle, DevicesButton, MicToggle, ShareToggle } from './media-toggles';
import { peerName, RemoteTile, ScreenTile } from './remote-tile';
import { TrackVideo } from './track-video';

type Props = { call: CallSession; state: CallState; media: LocalMedia; mediaState: LocalMediaState; onLeave: () => void };

/** The joined call: remote tiles and shared screens, the self view, the controls and the chat. */
export function CallView({ call, state, media, mediaState, onLeave }: Props) {
  const { t } = useTranslation();
  const self = state.self;
  const live = state.peers.filter((p) => p.link !== 'failed');
  const failed = state.peers.filter((p) => p.link === 'failed');
  const screens = live.flatMap((p) => (isSharing(p) && p.tracks.screen ? [{ peer: p, track: p.tracks.screen }] : []));
  // In a group's room the psychologist waits for its members; a member for the psychologist, as in any session.
  const group = useAppointmentInfo(call.room).data?.kind === 'GROUP';
  const otherSide = self?.role === 'PSYCHOLOGIST' ? 'patient' : 'psychologist';
  const waitingText = group && otherSide === 'patient' ? t('groupRoom.waiting') : t(`video.call.waiting.${otherSide}`);
  const waiting = state.status === 'joined' && !live.some((p) => p.role !== null && p.role !== self?.role);
  // A group's psychologist hosts: lets people in, asks them to mute, removes them, ends the call.
  const host = group && self?.role === 'PSYCHOLOGIST';
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  useEffect(() => call.setSmallScreen(phone), [call, phone]);
  const tile = (p: (typeof live)[number], size: 'large' | 'small' | 'strip' = live.length > 4 ? 'small' : 'large') => (
    <RemoteTile
      key={p.peerId}
      peer={p}
      size={size}
      speaking={p.peerId === state.speaker}
      actions={host ? <TileActions call={call} peer={p} /> : undefined}
    />
  );
  // A group on a phone: the speaker large, the others in a strip beneath.
  const main = phone && group && live.length > 1 ? (live.find((p) => p.peerId === state.speaker) ?? live[0]) : null;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {state.e2ee && <E2eeBadge code={state.e2ee.code} />}
          {self?.role === 'PSYCHOLOGIST' && <WaitingList call={call} people={state.waiting} />}
          {state.hostMuted && (
            <Alert
              color="blue"
              icon={<IconInfoCircle size={18} />}
              title={t(`video.host.hostMuted_${state.hostMuted}`)}
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={() => call.clearHostMuted()}
              role="status"
            />
          )}
          {state.status === 'reconnecting' && (
            <Alert color="yellow" icon={<Loader size={16} />} title={t('video.call.reconnecting')} role="status" />
          )}
          {failed.map((p) => (
            <Alert
              key={p.peerId}
              color="red"
              icon={<IconPlugConnectedX size={18} />}
              title={t('video.call.failed', { name: peerName(p, t('video.tile.someone')) })}
            >
              <Button mt="xs" size="xs" variant="light" color="red" onClick={() => call.retry(p.peerId)}>
                {t('common.retry')}
              </Button>
            </Alert>
          ))}
          {waiting && (
            <Center mih={120} bg="dark.7" style={{ borderRadius: 8 }}>
              <Group gap="sm">
                <Loader size="sm" type="dots" />
                <Text>{waitingText}</Text>
              </Group>
            </Center>
          )}
          {screens.length > 0 ? (
            // A shared screen and the cameras side by side, so the call with its controls fits one window.
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Stack gap="md">
                  {screens.map(({ peer, track }) => (
                    <ScreenTile key={`screen-${peer.peerId}`} peer={peer} track={track} />
                  ))}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Stack gap="md">{live.map((p) => tile(p))}</Stack>
              </Grid.Col>
            </Grid>
          ) : main ? (
            <Stack gap="xs">
              {tile(main, 'large')}
              <ScrollArea type="auto" offsetScrollbars>
                <Group wrap="nowrap" gap="xs">
                  {live
                    .filter((p) => p !== main)
                    .map((p) => (
                      <Box key={p.peerId} w={150} style={{ flexShrink: 0 }}>
                        {tile(p, 'strip')}
                      </Box>
                    ))}
                </Group>
              </ScrollArea>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: live.length > 1 ? 2 : 1, lg: live.length > 4 ? 4 : 2 }}>
              {live.map((p) => tile(p))}
            </SimpleGrid>
          )}
          <Group justify="space-between" align="flex-end">
            <Box w={200} h={150} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
              {mediaState.camera ? (
                <TrackVideo track={mediaState.camera} label={t('video.call.selfView')} mirrored />
              ) : (
                <Center h="100%">
                  <Text size="sm" c="dimmed">
                    {t('video.call.you')}
                  </Text>
                </Center>
              )}
            </Box>
            <Group gap="sm">
              <MicToggle media={media} state={mediaState} />
              <CameraToggle media={media} state={mediaState} />
              <ShareToggle media={media} state={mediaState} />
              <DevicesButton media={media} state={mediaState} />
              {group && !host && <HandButton call={call} raised={state.handRaised} />}
              {host && <HostButtons call={call} />}
              <Button color="red" leftSection={<IconPhoneOff size={18} />} onClick={onLeave}>
                {t('video.leave')}
              </Button>
            </Group>
          </Group>
          {mediaState.shareError && (
            <Text size="sm" c="red">
              {t(`video.call.shareError.${mediaState.shareError}`)}
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ChatPanel messages={state.chat} error={state.chatError} onSend={(text) => call.sendChat(text)} />
      </Grid.Col>
    </Grid>
  );
}
