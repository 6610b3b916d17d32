import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { usePasskeySignIn } from './api/passkey-sign-in';
import { appScreen } from './app-sign-in';
import { AuthCard } from './components/auth-card';
import { useFinishSignIn } from './use-finish-sign-in';

/** /passkey: signing in with a passkey alone, with the e-mail or without it (the device offers its own). */
function PasskeyPage() {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  const finishSignIn = useFinishSignIn();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    signIn.mutate(email.trim().toLowerCase() || undefined, {
      onSuccess: finishSignIn,
      onError: (err) =>
        setError(
          err instanceof ApiError
            ? err.status === 401
              ? t('passkey.unknown')
              : errorText(t, err, 'error.generic')
            : t('security.passkeyCancelled'),
        ),
    });
  };
  return (
    <AuthCard title={t('passkey.title')} subtitle={t('passkey.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="email"
            label={t('passkey.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoComplete="username webauthn"
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" leftSection={<IconFingerprint size={18} />} loading={signIn.isPending} fullWidth>
            {t('passkey.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login" size="sm">
              {t('passkey.other')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Inside the app only: it gives the sign-in it finishes the app's router and toasts. */
export default appScreen(PasskeyPage);
