import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CallError } from '../call/call-state';

/** Why the call is not on, and the way on: try again, or sign in again when the session is gone. */
export function CallErrorAlert({ error, onRetry }: { error: CallError; onRetry: () => void }) {
  const { t } = useTranslation();
  const signIn = error === 'UNAUTHORIZED' || error === 'DISABLED';
  const final = ['FORBIDDEN', 'ROOM_CLOSED', 'REMOVED', 'ENDED', 'E2EE_UNSUPPORTED'].includes(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t(`video.error.${error}`)} role="alert">
      {signIn && (
        <Button mt="sm" component={Link} to="/login" size="xs" variant="light" color="red">
          {t('video.error.signIn')}
        </Button>
      )}
      {!signIn && !final && (
        <Button mt="sm" size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
