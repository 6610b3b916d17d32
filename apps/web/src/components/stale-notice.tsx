import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaleState } from '../lib/use-stale-reload';
import { SavedVersionNotice } from './saved-version-notice';

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

/** How a form shows one field's value; strings show as typed. */
export type FormatValue = (field: string, value: unknown) => string;

const plain: FormatValue = (_field, value) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

type FormNoticeProps = {
  stale: StaleState;
  /** The i18n prefix of the fields' labels (`<texts>.<field>`). */
  texts: string;
  format?: FormatValue;
};

/** Under a form: the stale notice while refused, then the fields saved elsewhere beside the form's, until the next save. */
export function StaleFormNotice({ stale, texts, format = plain }: FormNoticeProps) {
  const { t } = useTranslation();
  if (stale.state === 'refused') return <StaleNotice reloading={stale.reloading} onReload={stale.reload} />;
  if (stale.state !== 'reloaded') return null;
  const changes = stale.changes.map((c) => ({
    field: c.field,
    label: t(`${texts}.${c.field}`),
    saved: format(c.field, c.saved),
    yours: c.same ? undefined : format(c.field, c.yours),
  }));
  return <SavedVersionNotice text={t('stale.reloadedForm')} changes={changes} />;
}
