import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentInfo } from '../api/appointment-info';
import { useRoomGate } from '../api/use-room-gate';
import { CallInfoPanel } from './call-info-panel';
import { RoomClosed } from './room-closed';
import { RoomFooter } from './room-footer';
import { RoomStage } from './room-stage';

/**
 * One room: its session's details, then the device check and the call while the room admits or is about to; a room
 * whose session is over or canceled says so and never turns the camera or microphone on.
 */
export function VideoRoom({ room }: { room: string }) {
  const { t } = useTranslation();
  const gate = useRoomGate(room);
  const info = useAppointmentInfo(room);
  const groupTitle = info.data?.kind === 'GROUP' ? info.data.group?.title : undefined;
  const [infoOpen, setInfoOpen] = useState(true);
  const admits = gate.phase === 'free' || gate.phase === 'waiting' || gate.phase === 'open';
  // Once the stage is up it stays, so a call in progress outlives the end of the join window.
  const [staged, setStaged] = useState(false);
  useEffect(() => {
    if (admits) setStaged(true);
  }, [admits]);

  let stage = <RoomStage room={room} gate={gate} onJoin={() => setInfoOpen(false)} />;
  if (gate.phase === 'loading') {
    stage = (
      <Center mih={200}>
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (!staged && !admits) {
    stage = <RoomClosed reason={gate.phase === 'canceled' || gate.phase === 'noShow' ? gate.phase : 'ended'} />;
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('video.title')}
        </Title>
        {groupTitle && (
          <Text size="lg" fw={600} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {groupTitle}
          </Text>
        )}
      </div>
      <CallInfoPanel room={room} opened={infoOpen} onToggle={setInfoOpen} />
      {stage}
      <RoomFooter room={room} />
    </Stack>
  );
}
