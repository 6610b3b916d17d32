import { Alert } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roomFromQuery } from './call/room-id';
import { VideoRoom } from './components/video-room';

/** /video-chat-room?room=…: the room of the address, or a new one written back to it. */
export default function VideoRoomPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('room');
  const parsed = useMemo(() => roomFromQuery(query), [query]);

  useEffect(() => {
    if ('generated' in parsed && parsed.generated) setParams({ room: parsed.room }, { replace: true });
  }, [parsed, setParams]);

  if (parsed.room === null) {
    return (
      <Alert color="red" title={t('video.badRoom')} role="alert">
        {t('video.badRoomHint')}
      </Alert>
    );
  }
  return <VideoRoom key={parsed.room} room={parsed.room} />;
}
