import { Alert, Box, Center, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LocalMedia, LocalMediaState } from '../call/local-media';
import { useMicLevel } from '../call/use-mic-level';
import { DevicePickers } from './device-pickers';
import { CameraToggle, MicToggle } from './media-toggles';
import { TrackVideo } from './track-video';

type Props = { media: LocalMedia; state: LocalMediaState };

/** Before joining: the camera preview, the pickers, a live microphone level and what is wrong with which device. */
export function DeviceCheck({ media, state }: Props) {
  const { t } = useTranslation();
  const level = useMicLevel(state.audio, state.micOn);
  const nothing = state.micError !== null && (state.camError !== null || !state.camOn);

  return (
    <Stack gap="md">
      <Box pos="relative" h={300} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        {state.camera ? (
          <TrackVideo track={state.camera} label={t('video.device.preview')} mirrored testId="camera-preview" />
        ) : (
          <Center h="100%">
            <Stack align="center" gap={4}>
              <IconVideoOff size={36} />
              <Text c="dimmed">{t('video.device.cameraIsOff')}</Text>
            </Stack>
          </Center>
        )}
      </Box>
      <Group justify="center" gap="md">
        <MicToggle media={media} state={state} />
        <CameraToggle media={media} state={state} />
      </Group>
      <DevicePickers media={media} state={state} />
      <Stack gap={4}>
        <Text size="sm" id="mic-level-label">
          {t('video.device.level')}
        </Text>
        <Progress.Root>
          <Progress.Section value={level} aria-labelledby="mic-level-label" color={level > 5 ? 'teal' : 'gray'} />
        </Progress.Root>
      </Stack>
      {state.micError && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t(`video.device.micError.${state.micError}`)}>
          {t('video.device.micErrorHint')}
        </Alert>
      )}
      {state.camError && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t(`video.device.cameraError.${state.camError}`)}>
          {t('video.device.cameraErrorHint')}
        </Alert>
      )}
      {nothing && (
        <Text size="sm" c="dimmed">
          {t('video.device.joinAnyway')}
        </Text>
      )}
    </Stack>
  );
}
