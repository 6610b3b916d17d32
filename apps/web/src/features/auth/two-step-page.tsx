import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useSecondStep } from './api/second-step';
import { appScreen } from './app-sign-in';
import { AuthCard } from './components/auth-card';
import { dropMfaToken, mfaMethods, mfaToken } from './second-step-token';
import { useFinishSignIn } from './use-finish-sign-in';

const CODE = /^\d{6}$/;
const RECOVERY = /^[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5}$/;

/** /two-step: after the password, e-mail code or link, the code from the authenticator app or a recovery code. */
function TwoStepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const step = useSecondStep();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const token = mfaToken();
  const [expired, setExpired] = useState(token === null);
  const methods = mfaMethods();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!(recovery ? RECOVERY : CODE).test(value)) {
      setError(t(recovery ? 'twoStep.recoveryInvalid' : 'twoStep.codeInvalid'));
      return;
    }
    setError(null);
    step.mutate(
      { mfaToken: token ?? '', code: value },
      {
        onSuccess: (auth) => {
          dropMfaToken();
          finishSignIn(auth);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'BAD_TOKEN') {
            dropMfaToken();
            setExpired(true);
          } else if (err instanceof ApiError && err.code === 'BAD_CODE') setError(t('twoStep.wrongCode'));
          else setError(errorText(t, err, 'error.generic'));
        },
      },
    );
  };

  if (expired)
    return (
      <AuthCard title={t('twoStep.title')}>
        <Stack gap="md">
          <Alert color="yellow" role="alert">
            {t('twoStep.expired')}
          </Alert>
          <Button component={Link} to="/login" replace>
            {t('twoStep.signInAgain')}
          </Button>
        </Stack>
      </AuthCard>
    );

  // An account whose second factor is a passkey alone takes this step by signing in with it.
  if (!methods.includes('TOTP'))
    return (
      <AuthCard title={t('twoStep.title')} subtitle={t('twoStep.passkeySubtitle')}>
        <Stack gap="md">
          <Button component={Link} to="/passkey" leftSection={<IconKey size={18} />} fullWidth>
            {t('twoStep.continueWithPasskey')}
          </Button>
          <Button variant="subtle" onClick={() => navigate('/login', { replace: true })}>
            {t('twoStep.cancel')}
          </Button>
        </Stack>
      </AuthCard>
    );

  return (
    <AuthCard title={t('twoStep.title')} subtitle={t(recovery ? 'twoStep.recoverySubtitle' : 'twoStep.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            label={t(recovery ? 'twoStep.recoveryLabel' : 'twoStep.codeLabel')}
            leftSection={<IconShieldLock size={18} />}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            autoFocus
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 11 : 6}
          />
          <Button type="submit" loading={step.isPending} fullWidth>
            {t('twoStep.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setRecovery((r) => !r);
                setCode('');
                setError(null);
              }}
            >
              {t(recovery ? 'twoStep.useApp' : 'twoStep.useRecovery')}
            </Anchor>
          </Text>
          {methods.includes('PASSKEY') && (
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/passkey" size="sm">
                {t('twoStep.usePasskey')}
              </Anchor>
            </Text>
          )}
          <Button variant="subtle" onClick={() => navigate('/login', { replace: true })}>
            {t('twoStep.cancel')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Inside the app only: it gives the sign-in it finishes the app's router and toasts. */
export default appScreen(TwoStepPage);
