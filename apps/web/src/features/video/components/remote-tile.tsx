import { Avatar, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHandStop, IconMicrophoneOff, IconVideoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemotePeer } from '../call/call-state';
import { QualityBadge } from './quality-badge';
import { TrackAudio, TrackVideo } from './track-video';

/** Spec §9: a video tile is at least 360 px high. */
export const TILE_MIN_HEIGHT = 360;

export const peerName = (peer: RemotePeer, fallback: string) => `${peer.firstName} ${peer.lastName}`.trim() || fallback;

const tileStyle = { minHeight: TILE_MIN_HEIGHT, borderRadius: 8, overflow: 'hidden' } as const;
/** A group's tiles are smaller, so sixteen fit; on a phone the others are a strip under the speaker. */
const TILE_HEIGHTS = { large: TILE_MIN_HEIGHT, small: 200, strip: 110 } as const;

/**
 * A remote peer: their camera (or a camera-off card), their voice, indicators and the connection's quality; `actions`
 * (the host's menu) in a corner. A group's tiles are smaller, so sixteen fit.
 */
export function RemoteTile({
  peer,
  actions,
  size = 'large',
  speaking = false,
}: {
  peer: RemotePeer;
  actions?: ReactNode;
  size?: keyof typeof TILE_HEIGHTS;
  speaking?: boolean;
}) {
  const { t } = useTranslation();
  const name = peerName(peer, t('video.tile.someone'));
  const camera = peer.videoEnabled ? peer.tracks.camera : undefined;

  return (
    <Box
      component="section"
      aria-label={name}
      data-testid="remote-tile"
      pos="relative"
      bg="dark.8"
      data-speaking={speaking || undefined}
      style={{
        ...tileStyle,
        minHeight: TILE_HEIGHTS[size],
        outline: speaking ? '3px solid var(--mantine-color-teal-5)' : undefined,
      }}
    >
      {peer.tracks.audio && <TrackAudio track={peer.tracks.audio} />}
      {camera ? (
        <TrackVideo track={camera} label={t('video.tile.camera', { name })} style={{ position: 'absolute', inset: 0 }} />
      ) : (
        <Center pos="absolute" inset={0} bg={peer.bgColor ?? undefined} data-testid="camera-off">
          <Stack align="center" gap="xs">
            <Avatar size={72} radius="xl" color="indigo" name={name} />
            <Group gap={4} c="dimmed">
              <IconVideoOff size={16} aria-hidden />
              <Text size="sm">{t('video.tile.cameraOff')}</Text>
            </Group>
          </Stack>
        </Center>
      )}
      {peer.link === 'reconnecting' && (
        <Center pos="absolute" inset={0} bg="rgba(0,0,0,0.6)">
          <Group gap="xs">
            <Loader size="sm" />
            <Text fw={600}>{t('video.tile.reconnecting')}</Text>
          </Group>
        </Center>
      )}
      {(actions || peer.handRaised) && (
        <Group pos="absolute" top={8} right={8} gap={6}>
          {peer.handRaised && (
            <IconHandStop size={24} color="#ffd43b" role="img" aria-label={t('video.host.handRaised', { name })} />
          )}
          {actions}
        </Group>
      )}
      <Group pos="absolute" bottom={8} left={8} right={8} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" px={8} py={2} bg="rgba(0,0,0,0.55)" style={{ borderRadius: 6 }}>
          {!peer.audioEnabled && <IconMicrophoneOff size={16} color="#ff8787" aria-label={t('video.tile.muted')} role="img" />}
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
        </Group>
        <QualityBadge quality={peer.link === 'connected' ? peer.quality : null} />
      </Group>
    </Box>
  );
}

/** A remote peer's shared screen. */
export function ScreenTile({ peer, track }: { peer: RemotePeer; track: MediaStreamTrack }) {
  const { t } = useTranslation();
  const label = t('video.tile.screen', { name: peerName(peer, t('video.tile.someone')) });
  return (
    <Box component="section" aria-label={label} data-testid="screen-tile" pos="relative" bg="dark.9" style={tileStyle}>
      <TrackVideo track={track} label={label} style={{ position: 'absolute', inset: 0 }} />
      <Text pos="absolute" top={8} left={8} size="sm" fw={600} px={8} bg="rgba(0,0,0,0.55)" style={{ borderRadius: 6 }}>
        {label}
      </Text>
    </Box>
  );
}
