import { Alert, Anchor, Divider, Text } from '@mantine/core';
import { useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { CodeLogin } from '../components/code-login';
import { PasswordLogin } from '../components/password-login';
import { useSignIn } from '../sign-in-env';

/** Why the app brought a signed-in user here: an account disabled meanwhile is told so (lib/api.ts). */
function SignedOutNotice() {
  const { t, location } = useSignIn();
  if ((location.state as { signedOut?: string } | null)?.signedOut !== 'DISABLED') return null;
  return (
    <Alert color="red" role="alert" mb="md">
      {t('error.disabled')}
    </Alert>
  );
}

/** /login: sign-in by an e-mailed code (two steps) or by password; links switch between them. */
export function LoginScreen() {
  const { t } = useSignIn();
  const [mode, setMode] = useState<'code' | 'password'>('code');
  if (mode === 'code')
    return (
      <AuthCard title={t('login.title')}>
        <SignedOutNotice />
        <CodeLogin onUsePassword={() => setMode('password')} />
      </AuthCard>
    );
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.passwordSubtitle')}
      footer={
        <>
          <Divider />
          <Text size="sm" ta="center" c="dimmed">
            {t('login.noPassword')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setMode('code')}>
              {t('login.useCode')}
            </Anchor>
          </Text>
        </>
      }
    >
      <SignedOutNotice />
      <PasswordLogin />
    </AuthCard>
  );
}
