import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconMicrophone,
  IconMicrophoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalMedia, LocalMediaState } from '../call/local-media';
import { DevicePickers } from './device-pickers';

type Props = { media: LocalMedia; state: LocalMediaState };

function Toggle({ on, label, onClick, icon }: { on: boolean; label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        size="xl"
        radius="xl"
        variant={on ? 'light' : 'filled'}
        color={on ? 'gray' : 'red'}
        aria-label={label}
        aria-pressed={on}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

export function MicToggle({ media, state }: Props) {
  const { t } = useTranslation();
  const on = state.micOn && state.audio !== null;
  return (
    <Toggle
      on={on}
      label={t(on ? 'video.controls.micOff' : 'video.controls.micOn')}
      onClick={() => void media.setMicOn(!on)}
      icon={on ? <IconMicrophone size={22} /> : <IconMicrophoneOff size={22} />}
    />
  );
}

export function CameraToggle({ media, state }: Props) {
  const { t } = useTranslation();
  const on = state.camOn;
  return (
    <Toggle
      on={on}
      label={t(on ? 'video.controls.cameraOff' : 'video.controls.cameraOn')}
      onClick={() => void media.setCamOn(!on)}
      icon={on ? <IconVideo size={22} /> : <IconVideoOff size={22} />}
    />
  );
}

export function ShareToggle({ media, state }: Props) {
  const { t } = useTranslation();
  const on = state.screen !== null;
  return (
    <Tooltip label={t(on ? 'video.controls.shareStop' : 'video.controls.shareStart')}>
      <ActionIcon
        size="xl"
        radius="xl"
        variant={on ? 'filled' : 'light'}
        color={on ? 'teal' : 'gray'}
        aria-label={t(on ? 'video.controls.shareStop' : 'video.controls.shareStart')}
        aria-pressed={on}
        onClick={() => (on ? media.stopShare() : void media.startShare())}
      >
        {on ? <IconScreenShareOff size={22} /> : <IconScreenShare size={22} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** During the call: the same microphone and camera pickers as before joining, in a popover. */
export function DevicesButton({ media, state }: Props) {
  const { t } = useTranslation();
  return (
    <Popover position="top" width={300} withArrow trapFocus>
      <Popover.Target>
        <ActionIcon size="xl" radius="xl" variant="light" color="gray" aria-label={t('video.controls.devices')}>
          <IconAdjustments size={22} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('video.controls.devices')} role="dialog">
        <DevicePickers media={media} state={state} inPopover />
      </Popover.Dropdown>
    </Popover>
  );
}
