import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { useSession } from '../../../lib/session';
import { appointmentInfoRoot, useAppointmentInfo } from '../api/appointment-info';
import type { RoomGate } from '../api/use-room-gate';
import { useCallSession, useLocalMedia } from '../call/use-stores';
import { CallErrorAlert } from './call-error';
import { CallView } from './call-view';
import { DeviceCheck } from './device-check';
import { type ClosedReason, RoomClosed } from './room-closed';
import { RoomCountdown } from './room-countdown';

/** What closes the room to this browser: its appointment's phase, else the server's refusal of a join. */
function closedReason(gate: RoomGate, refused: boolean): ClosedReason | null {
  if (gate.phase === 'ended' || gate.phase === 'canceled' || gate.phase === 'noShow') return gate.phase;
  return refused ? 'closed' : null;
}

type Props = { room: string; gate: RoomGate; onJoin: () => void };

/**
 * A room that admits, or will: the device check and the join button (held until the window opens, with a countdown),
 * then the call; leaving goes back to the preview. Once the room admits no one the devices are let go and it says why.
 */
export function RoomStage({ room, gate, onJoin }: Props) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { media, state: mediaState } = useLocalMedia();
  const group = useAppointmentInfo(room).data?.kind === 'GROUP';
  const { call, state } = useCallSession(room, token, media, group);
  const inCall = state.status === 'joined' || state.status === 'reconnecting';
  const inWaitingRoom = state.status === 'waiting';
  useLeaveGuard(inCall);
  const refused = state.status === 'error' && state.error === 'ROOM_CLOSED';
  const closed = closedReason(gate, refused);
  const shut = closed !== null && !inCall;

  // The server closed the room (canceled, not attended, outside its window): read the appointment again to say why.
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: appointmentInfoRoot });
  }, [refused, queryClient]);
  useEffect(() => {
    if (shut) media?.stop();
  }, [shut, media]);

  const join = () => {
    onJoin();
    call?.join();
  };
  const leave = () => {
    call?.leave();
    media?.stopShare();
    // Back to the preview, unless the room has closed meanwhile: then the devices are let go.
    if (!closed) void media?.start();
  };
  const retry = () => {
    void media?.start();
    join();
  };

  if (closed && !inCall) return <RoomClosed reason={closed} onRetry={closed === 'closed' ? retry : undefined} />;
  const waiting = gate.phase === 'waiting';
  return (
    <>
      {state.status === 'error' && state.error && <CallErrorAlert error={state.error} onRetry={join} />}
      {!media || !mediaState || !call ? (
        <Center mih={200}>
          <Loader role="status" aria-label={t('video.loading')} />
        </Center>
      ) : inCall ? (
        <CallView call={call} state={state} media={media} mediaState={mediaState} onLeave={leave} />
      ) : (
        <Paper withBorder p="md" maw={720} w="100%" mx="auto">
          <Stack gap="md">
            {waiting && <RoomCountdown opensAt={gate.opensAt} timeZone={gate.timeZone} />}
            {inWaitingRoom ? (
              <Alert color="blue" icon={<Loader size={18} type="dots" />} title={t('video.host.inWaitingRoom')} role="status">
                {t('video.host.inWaitingRoomHint')}
              </Alert>
            ) : (
              <Title order={2} size="h4">
                {t('video.device.title')}
              </Title>
            )}
            <DeviceCheck media={media} state={mediaState} />
            <Group justify="center">
              {inWaitingRoom ? (
                <Button size="md" variant="default" onClick={leave}>
                  {t('video.host.leaveWaitingRoom')}
                </Button>
              ) : (
                <Button
                  size="md"
                  leftSection={<IconPhone size={18} />}
                  loading={state.status === 'joining'}
                  disabled={waiting || gate.phase === 'loading'}
                  onClick={join}
                >
                  {t('video.join')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </>
  );
}
