import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { mailCode, recheck } from '../api';

/**
 * Asked when exporting or deleting answers RECHECK_REQUIRED: the password, or a code mailed to the own address for
 * accounts that sign in by code; the action is then tried again.
 */
export function RecheckModal({ opened, onDone, onClose }: { opened: boolean; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { email } = useSession();
  const [byCode, setByCode] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await mailCode(email ?? '');
      setByCode(true);
      setCodeSent(true);
      setValue('');
    } catch (err) {
      setError(errorText(t, err, 'error.generic'));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t(byCode ? 'privacy.recheck.codeRequired' : 'privacy.recheck.passwordRequired'));
    setBusy(true);
    setError(null);
    try {
      await recheck(byCode ? { emailCode: value.trim() } : { password: value });
      setValue('');
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'BAD_CODE'
          ? t(byCode ? 'privacy.recheck.wrongCode' : 'privacy.recheck.wrongPassword')
          : errorText(t, err, 'error.generic'),
      );
    } finally {
      setBusy(false);
    }
  };
  const Field = byCode ? TextInput : PasswordInput;
  return (
    <Modal opened={opened} onClose={onClose} title={t('privacy.recheck.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color="blue">{t(codeSent ? 'privacy.recheck.codeSent' : 'privacy.recheck.intro')}</Alert>
          <Field
            key={byCode ? 'code' : 'password'}
            label={t(byCode ? 'privacy.recheck.code' : 'privacy.recheck.password')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            autoFocus
            autoComplete={byCode ? 'one-time-code' : 'current-password'}
            inputMode={byCode ? 'numeric' : undefined}
          />
          {!codeSent && (
            <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()}>
              {t('privacy.recheck.mailMe')}
            </Anchor>
          )}
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              {t('common.confirm')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
