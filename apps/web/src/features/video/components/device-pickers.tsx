import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalMedia, LocalMediaState } from '../call/local-media';

type Props = {
  media: LocalMedia;
  state: LocalMediaState;
  /** Inside a popover the lists open in place: one opened in a portal would count as a click outside and close it. */
  inPopover?: boolean;
};

const options = (devices: MediaDeviceInfo[], fallback: (n: number) => string) =>
  devices.map((d, i) => ({ value: d.deviceId, label: d.label || fallback(i + 1) }));

/** The microphone and camera pickers: before joining and during the call (the call sends the new track at once). */
export function DevicePickers({ media, state, inPopover = false }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={inPopover ? 1 : { base: 1, sm: 2 }}>
      <Select
        label={t('video.device.microphone')}
        placeholder={t(state.micPresent ? 'video.device.micHidden' : 'video.device.noMicrophones')}
        data={options(state.microphones, (n) => t('video.device.micN', { n }))}
        value={state.micId}
        onChange={(id) => id && void media.selectMic(id)}
        disabled={state.microphones.length === 0}
        allowDeselect={false}
        comboboxProps={{ withinPortal: !inPopover }}
      />
      <Select
        label={t('video.device.camera')}
        placeholder={t(state.cameraPresent ? 'video.device.cameraHidden' : 'video.device.noCameras')}
        data={options(state.cameras, (n) => t('video.device.cameraN', { n }))}
        value={state.camId}
        onChange={(id) => id && void media.selectCamera(id)}
        disabled={state.cameras.length === 0}
        allowDeselect={false}
        comboboxProps={{ withinPortal: !inPopover }}
      />
    </SimpleGrid>
  );
}
