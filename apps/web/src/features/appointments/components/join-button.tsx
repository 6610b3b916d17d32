import { Button } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = { room: string; open: boolean; hintId?: string };

/**
 * The way into a session's room: a link while its room admits (from a little before the start until a while after
 * the end); before that a disabled button, described by the hint that says when it opens.
 */
export function JoinButton({ room, open, hintId }: Props) {
  const { t } = useTranslation();
  if (!open) {
    return (
      <Button size="xs" disabled leftSection={<IconVideo size={16} />} aria-describedby={hintId}>
        {t('appointments.videoCall')}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={`/video-chat-room?room=${encodeURIComponent(room)}`}
      size="xs"
      leftSection={<IconVideo size={16} />}
    >
      {t('appointments.videoCall')}
    </Button>
  );
}
