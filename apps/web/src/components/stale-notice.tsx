import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaleState } from '../lib/use-saved-form';

type Props = { reloading: boolean; onReload: () => void };

/** A save refused as stale: says why, and reloads the saved copy while the form keeps what was typed. */
export function StaleNotice({ reloading, onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('stale.title')} role="alert">
      <Text size="sm">{t('stale.text')}</Text>
      <Button
        mt="sm"
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconRefresh size={16} />}
        loading={reloading}
        onClick={onReload}
      >
        {t('stale.reload')}
      </Button>
    </Alert>
  );
}

/** Under a form: the stale notice while refused, then what reloading did, until the next save. */
export function StaleFormNotice({ stale }: { stale: StaleState }) {
  const { t } = useTranslation();
  if (stale.state === 'refused') return <StaleNotice reloading={stale.reloading} onReload={stale.reload} />;
  if (stale.state !== 'reloaded') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} role="status">
      <Text size="sm">{t('stale.reloadedForm')}</Text>
    </Alert>
  );
}
