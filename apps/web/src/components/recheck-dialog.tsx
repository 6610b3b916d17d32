import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaStatusQuery } from '../entities/account/mfa-status';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/error-text';
import { isRecheckRequired, mailRecheckCode, type RecheckBody, recheck } from '../lib/recheck';
import { useSession } from '../lib/session';
import { LoadingSkeleton } from './loading-skeleton';

/** The app's code (or a recovery code), the password, or a code mailed to the own address. */
type Way = 'app' | 'password' | 'email';

const LABEL = { app: 'recheck.appLabel', password: 'recheck.passwordLabel', email: 'recheck.emailLabel' } as const;
const REQUIRED = { app: 'recheck.appRequired', password: 'recheck.passwordRequired', email: 'recheck.codeRequired' } as const;
const WRONG = { app: 'recheck.wrongApp', password: 'recheck.wrongPassword', email: 'recheck.wrongEmailCode' } as const;

function RecheckForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { email } = useSession();
  // A status that fails to load still leaves the password and the mailed code.
  const status = useQuery(mfaStatusQuery);
  const hasApp = status.data?.totp === true;
  const [chosen, setChosen] = useState<Way | null>(null);
  const way: Way = chosen ?? (hasApp ? 'app' : 'password');
  const [sent, setSent] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (next: Way) => {
    setChosen(next);
    setValue('');
    setError(null);
  };
  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await mailRecheckCode(email ?? '');
      choose('email');
      setSent(true);
    } catch (err) {
      setError(errorText(t, err, 'error.generic'));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t(REQUIRED[way]));
    const body: RecheckBody =
      way === 'app' ? { code: value.trim() } : way === 'password' ? { password: value } : { emailCode: value.trim() };
    setBusy(true);
    setError(null);
    try {
      await recheck(body);
      onDone();
    } catch (err) {
      // 400 is a wrong code or password (BAD_CODE) or one of the wrong shape.
      setError(err instanceof ApiError && err.status === 400 ? t(WRONG[way]) : errorText(t, err, 'error.generic'));
      setBusy(false);
    }
  };

  if (status.isPending) return <LoadingSkeleton height={120} radius="md" />;
  const Field = way === 'password' ? PasswordInput : TextInput;
  const switchTo = (next: Way, label: string, onClick = () => choose(next)) => (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {label}
    </Anchor>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue">{way === 'email' && sent ? t('recheck.codeSent', { email }) : t('recheck.intro')}</Alert>
        <Field
          key={way}
          label={t(LABEL[way])}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          autoFocus
          autoComplete={way === 'password' ? 'current-password' : 'one-time-code'}
          inputMode={way === 'email' ? 'numeric' : undefined}
        />
        <Stack gap={4} align="flex-start">
          {hasApp && way !== 'app' && switchTo('app', t('recheck.useApp'))}
          {way !== 'password' && switchTo('password', t('recheck.usePassword'))}
          {email && switchTo('email', t(way === 'email' ? 'recheck.mailAgain' : 'recheck.mailMe'), () => void sendCode())}
        </Stack>
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {t('common.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asked when a sensitive action answers RECHECK_REQUIRED (the last check of a factor is older than 10 minutes): the
 * app's code when the account has one, the password, or a code mailed to the own address.
 */
export function RecheckDialog({ opened, onDone, onClose }: { opened: boolean; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('recheck.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted while open only, so each time starts blank with the account's first way. */}
      {opened && <RecheckForm onDone={onDone} onCancel={onClose} />}
    </Modal>
  );
}

/**
 * Runs sensitive actions: when one answers RECHECK_REQUIRED, `dialog` (render it) asks for a fresh check and, once
 * one passes, the action runs once more. `run` resolves to false when the person cancels; other errors reject.
 */
export function useRecheck() {
  const [asking, setAsking] = useState<((passed: boolean) => void) | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (err) {
      if (!isRecheckRequired(err)) throw err;
    }
    if (!(await new Promise<boolean>((resolve) => setAsking(() => resolve)))) return false;
    await action();
    return true;
  }, []);
  const answer = (passed: boolean) => {
    asking?.(passed);
    setAsking(null);
  };
  const dialog = <RecheckDialog opened={asking !== null} onDone={() => answer(true)} onClose={() => answer(false)} />;
  return { run, dialog };
}
