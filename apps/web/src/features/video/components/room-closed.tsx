import { Alert, Button, Group } from '@mantine/core';
import { IconCalendarEvent, IconDoorExit, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../../../lib/session';

/** Why there is nothing to join: the session ended, was canceled or not attended, or the server says it is closed. */
export type ClosedReason = 'ended' | 'canceled' | 'noShow' | 'closed';

const TITLES: Record<ClosedReason, string> = {
  ended: 'video.window.ended',
  canceled: 'video.window.canceled',
  noShow: 'video.window.noShow',
  closed: 'video.error.ROOM_CLOSED',
};

/** In place of the device check and the join button once the room admits no one; `closed` may be tried again. */
export function RoomClosed({ reason, onRetry }: { reason: ClosedReason; onRetry?: () => void }) {
  const { t } = useTranslation();
  const side = hasRole(useSession(), 'PSYCHOLOGIST') ? 'doctor' : 'patient';
  return (
    <Alert
      color={reason === 'ended' ? 'gray' : 'red'}
      variant="light"
      icon={<IconDoorExit size={20} />}
      title={t(TITLES[reason])}
      role="alert"
    >
      {t('video.window.closedHint')}
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={`/${side}/appointments`}
          size="xs"
          variant="light"
          leftSection={<IconCalendarEvent size={16} />}
        >
          {t(`appointments.title.${side}`)}
        </Button>
        {onRetry && (
          <Button size="xs" variant="subtle" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
