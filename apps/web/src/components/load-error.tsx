import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A failed load, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={message}>
      <Button mt="sm" size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
