import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../lib/use-countdown';

type Props = { secondsLeft: number; onResend: () => void; pending?: boolean };

/** A countdown while a new code may not be requested yet, then a link to request it. */
export function ResendControl({ secondsLeft, onResend, pending }: Props) {
  const { t } = useTranslation();
  if (secondsLeft > 0)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('verify.resendIn', { time: formatCountdown(secondsLeft) })}
      </Text>
    );
  return (
    <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={pending}>
      {t('verify.resend')}
    </Anchor>
  );
}
