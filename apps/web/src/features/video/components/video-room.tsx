import { Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useCallSession, useLocalMedia } from '../call/use-stores';
import { CallErrorAlert } from './call-error';
import { CallInfoPanel } from './call-info-panel';
import { CallView } from './call-view';
import { DeviceCheck } from './device-check';
import { RoomFooter } from './room-footer';

/** One room: the device check and join button, then the call; leaving goes back to the preview. */
export function VideoRoom({ room }: { room: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { media, state: mediaState } = useLocalMedia();
  const { call, state } = useCallSession(room, token, media);
  const [infoOpen, setInfoOpen] = useState(true);
  const inCall = state.status === 'joined' || state.status === 'reconnecting';

  const join = () => {
    setInfoOpen(false);
    call?.join();
  };
  const leave = () => {
    call?.leave();
    media?.stopShare();
    void media?.start();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('video.title')}
      </Title>
      <CallInfoPanel room={room} opened={infoOpen} onToggle={setInfoOpen} />
      {state.status === 'error' && state.error && <CallErrorAlert error={state.error} onRetry={join} />}
      {!media || !mediaState || !call ? (
        <Center mih={200}>
          <Loader aria-label={t('video.loading')} />
        </Center>
      ) : inCall ? (
        <CallView call={call} state={state} media={media} mediaState={mediaState} onLeave={leave} />
      ) : (
        <Paper withBorder p="md" maw={720} w="100%" mx="auto">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('video.device.title')}
            </Title>
            <DeviceCheck media={media} state={mediaState} />
            <Group justify="center">
              <Button size="md" leftSection={<IconPhone size={18} />} loading={state.status === 'joining'} onClick={join}>
                {t('video.join')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <RoomFooter room={room} />
    </Stack>
  );
}
