import { Alert, Box, Center, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LocalMedia, LocalMediaState } from '../call/local-media';
import { useMicLevel } from '../call/use-mic-level';
import { CameraToggle, MicToggle } from './media-toggles';
import { TrackVideo } from './track-video';

type Props = { media: LocalMedia; state: LocalMediaState };

const options = (devices: MediaDeviceInfo[], fallback: (n: number) => string) =>
  devices.map((d, i) => ({ value: d.deviceId, label: d.label || fallback(i + 1) }));

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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('video.device.microphone')}
          placeholder={t(state.micPresent ? 'video.device.micHidden' : 'video.device.noMicrophones')}
          data={options(state.microphones, (n) => t('video.device.micN', { n }))}
          value={state.micId}
          onChange={(id) => id && void media.selectMic(id)}
          disabled={state.microphones.length === 0}
          allowDeselect={false}
        />
        <Select
          label={t('video.device.camera')}
          placeholder={t(state.cameraPresent ? 'video.device.cameraHidden' : 'video.device.noCameras')}
          data={options(state.cameras, (n) => t('video.device.cameraN', { n }))}
          value={state.camId}
          onChange={(id) => id && void media.selectCamera(id)}
          disabled={state.cameras.length === 0}
          allowDeselect={false}
        />
      </SimpleGrid>
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
