import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SLOT = '\u0000';

/** "We sent a 6-digit code to <b>address</b>…": the translation marks the address, which goes in as text, not markup. */
export function CodeSentTo({ email }: { email: string }) {
  const { t } = useTranslation();
  const [before, bold = '', after = ''] = t('verify.sentTo', { email: SLOT }).split(/<\/?b>/);
  return (
    // A long address breaks anywhere rather than push out of the card on a phone.
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {before}
      <b>{bold.replace(SLOT, email)}</b>
      {after}
    </Text>
  );
}
