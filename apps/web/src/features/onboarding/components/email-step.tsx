import { Button, Group, Stack, Text } from '@mantine/core';
import { emailSchema, RESEND_COUNTDOWN_SECONDS, TOAST_EMAIL_VERIFIED_MS } from '@rozmova/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBoxes, emptyCode } from '../../../components/code-boxes';
import { CodeSentTo } from '../../../components/code-sent-to';
import { EmailInput } from '../../../components/email-input';
import { ResendControl } from '../../../components/resend-control';
import { ApiError } from '../../../lib/api';
import { emailMessage } from '../../../lib/email-message';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { saveAuth } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { useConfirmEmail } from '../api/confirm-email';
import { useSendEmailCode } from '../api/send-email-code';
import { resendExpiry, storeResendExpiry } from '../resend-expiry';

/** The onboarding e-mail step: enter an address, receive a code there, confirm it. */
export function EmailStep({ onConfirmed }: { onConfirmed: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const sendCode = useSendEmailCode();
  const confirm = useConfirmEmail();

  const failure = (err: unknown, fallbackKey: string) => {
    if (err instanceof ApiError && err.status === 409) return t('toast.emailTaken');
    if (err instanceof ApiError && err.code === 'BAD_CODE') return t('verify.invalid');
    return errorText(t, err, fallbackKey);
  };

  const send = (address: string) =>
    sendCode.mutate(address, {
      onSuccess: () => {
        const at = Date.now() + RESEND_COUNTDOWN_SECONDS * 1000;
        storeResendExpiry(address, at);
        setResendAt(at);
        setSentTo(address);
        setDigits(emptyCode());
        setCodeError(null);
        notify.success(t('toast.codeSent', { email: address }));
      },
      onError: (err) => notify.error(failure(err, 'toast.codeError')),
    });

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setEmailError(emailMessage(t, email));
    // A code sent to this address moments ago is still valid: wait for it rather than ask for another.
    const running = resendExpiry(parsed.data);
    if (!running) return send(parsed.data);
    setSentTo(parsed.data);
    setResendAt(running);
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    const code = digits.join('');
    if (code.length !== digits.length) return setCodeError(t('verify.invalid'));
    confirm.mutate(
      { email: sentTo, code },
      {
        onSuccess: (auth) => {
          notify.success(t('toast.emailVerified'), TOAST_EMAIL_VERIFIED_MS);
          saveAuth(auth);
          onConfirmed(sentTo);
        },
        onError: (err) => {
          const message = failure(err, 'verify.error');
          setCodeError(message);
          notify.error(message);
        },
      },
    );
  };

  if (!sentTo)
    return (
      <form onSubmit={submitEmail} noValidate>
        <Stack gap="md" maw={440}>
          <Text c="dimmed">{t('onboarding.email.intro')}</Text>
          <EmailInput
            value={email}
            error={emailError}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailError(null);
            }}
          />
          <Button type="submit" loading={sendCode.isPending} w="fit-content">
            {t('login.sendCode')}
          </Button>
        </Stack>
      </form>
    );

  return (
    <form onSubmit={submitCode} noValidate>
      <Stack gap="md" maw={440}>
        <CodeSentTo email={sentTo} />
        <CodeBoxes
          value={digits}
          onChange={(next) => {
            setDigits(next);
            if (next.every(Boolean)) setCodeError(null);
          }}
          error={codeError}
          disabled={confirm.isPending}
          autoFocus
        />
        <ResendControl secondsLeft={secondsLeft} onResend={() => send(sentTo)} pending={sendCode.isPending} />
        <Text size="sm" c="dimmed">
          {t('onboarding.email.noCode')}
        </Text>
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setSentTo(null)}>
            {t('onboarding.email.change')}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            {t('onboarding.email.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
