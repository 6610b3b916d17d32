import { Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBoxes } from '../../../components/code-boxes';
import { CodeSentTo } from '../../../components/code-sent-to';
import { ResendControl } from '../../../components/resend-control';

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

/** Step 2 of a code sign-in: the six boxes, Back, Confirm and the resend countdown. */
export function CodeStep(props: Props) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.locked) props.onConfirm();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CodeSentTo email={props.email} />
        <CodeBoxes value={props.digits} onChange={props.onDigits} error={props.error} autoFocus disabled={props.confirming} />
        {/* Once Confirm is locked the error says to go back; a resend countdown would say something else. */}
        {!props.locked && <ResendControl secondsLeft={props.secondsLeft} onResend={props.onResend} pending={props.resending} />}
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
