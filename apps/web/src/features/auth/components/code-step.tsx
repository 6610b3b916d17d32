import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { CODE_LENGTH } from '@rozmova/contract/constants';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { CodeBoxesView } from '../../../components/code-boxes-view';
import { formatCountdown } from '../../../lib/use-countdown';
import { useSignIn } from '../sign-in-env';

type Props = {
  email: string;
  digits: string[];
  onDigits: (digits: string[]) => void;
  error: string | null;
  /** Confirm stays locked after one attempt until the user goes back; the error then says so. */
  locked: boolean;
  confirming: boolean;
  onConfirm: () => void;
  onBack: () => void;
  secondsLeft: number;
  onResend: () => void;
  resending: boolean;
};

const SLOT = '\u0000';

/** "We sent a 6-digit code to <b>address</b>…": the translation marks the address, which goes in as text, not markup. */
function SentTo({ email }: { email: string }) {
  const { t } = useSignIn();
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

/** A countdown while a new code may not be requested yet, then a link to request it. */
function Resend({ secondsLeft, onResend, pending }: { secondsLeft: number; onResend: () => void; pending: boolean }) {
  const { t } = useSignIn();
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

/** Step 2 of a code sign-in: the six boxes, Back, Confirm and the resend countdown. */
export function CodeStep(props: Props) {
  const { t } = useSignIn();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.locked) props.onConfirm();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SentTo email={props.email} />
        <CodeBoxesView
          value={props.digits}
          onChange={props.onDigits}
          error={props.error}
          autoFocus
          disabled={props.confirming}
          label={t('verify.label')}
          digitLabel={(n) => t('verify.digit', { n, total: CODE_LENGTH })}
        />
        {/* Once Confirm is locked the error says to go back; a resend countdown would say something else. */}
        {!props.locked && <Resend secondsLeft={props.secondsLeft} onResend={props.onResend} pending={props.resending} />}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={props.onBack}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={props.confirming} disabled={props.locked && !props.confirming}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
