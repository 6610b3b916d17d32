import { Alert, Button, Code, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMail, IconRefresh, IconUserQuestion } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { SUPPORT_MAILTO, SupportEmailLink } from '../../../components/support-email';
import { clearSession, getSession, saveAuth, useSession } from '../../../lib/session';
import { logoutHere } from '../api/logout';
import { useMagicLogin, usePreviewMagicLink } from '../api/magic-login';
import { SignInError } from '../api/sign-in-call';
import { AuthCard } from '../components/auth-card';
import { keepMfaToken } from '../second-step-token';
import { useSignIn } from '../sign-in-env';
import { useFollow } from '../use-follow';

/** The detail the error state shows: what went wrong, as the spec names it. */
function failureDetail(err: unknown): string {
  if (err instanceof SignInError && err.status > 0) return `status_${err.status}`;
  return 'network_error';
}

/** What a person is told for each failure; the technical detail goes small beneath it. */
function failureSentence(detail: string) {
  if (detail === 'missing_token') return 'magicLogin.errorMissing';
  if (detail === 'status_400' || detail === 'status_401' || detail === 'status_404') return 'magicLogin.error';
  if (detail === 'status_403') return 'error.disabled';
  return 'magicLogin.errorLater';
}

/**
 * /magic-login?token=…: exchanges the one-time token once per attempt; retry starts a new attempt. When this browser
 * is signed in already, it first asks: the link would sign that account out.
 */
export function MagicLoginScreen() {
  const { t, location, navigate, forgetData } = useSignIn();
  const follow = useFollow();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const preview = usePreviewMagicLink();
  const login = useMagicLogin();
  const { mutate } = preview;
  const session = useSession();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // The stored session, not the hook's: while the pre-rendered page hydrates, the hook still says signed out.
    if (!token || started.current === attempt || getSession().token) return;
    started.current = attempt;
    mutate(token);
  }, [token, attempt, mutate, session.token]);

  /** Signs in only when asked: a link planted in another page cannot sign a visitor into someone else's account. */
  const confirm = () =>
    login.mutate(token, {
      onSuccess: (auth) => {
        if (!('mfaRequired' in auth)) return saveAuth(auth);
        keepMfaToken(auth);
        navigate('/two-step', { replace: true });
      },
    });

  /** Signs the current account out (on the server too), which lets the effect above use the link. */
  const switchAccount = async () => {
    setLeaving(true);
    await logoutHere(session.token ?? '');
    forgetData();
    clearSession();
    setLeaving(false);
  };
  const signedInElsewhere = Boolean(token && session.token && !login.isSuccess && started.current !== attempt);

  const retry = () => {
    preview.reset();
    login.reset();
    setAttempt((a) => a + 1);
  };
  const failure = preview.error ?? login.error;
  const detail = !token ? 'missing_token' : failure ? failureDetail(failure) : null;
  const asking = preview.isSuccess && !login.isSuccess && !detail;
  const processing = !detail && !login.isSuccess && !signedInElsewhere && !asking;

  return (
    <AuthCard title={t('magicLogin.title')}>
      {signedInElsewhere && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconUserQuestion />} title={t('magicLogin.signedInTitle')}>
            {t('magicLogin.signedIn', { email: session.email ?? '' })}
          </Alert>
          <Stack gap="xs">
            <Button onClick={switchAccount} loading={leaving} fullWidth>
              {t('magicLogin.useLink')}
            </Button>
            <Button component="a" href="/dashboard" onClick={follow} variant="default" fullWidth>
              {t('magicLogin.stay', { email: session.email ?? '' })}
            </Button>
          </Stack>
        </Stack>
      )}
      {processing && (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('magicLogin.processing')}</Text>
        </Stack>
      )}
      {asking && preview.data && (
        <Stack gap="md">
          {(preview.data.name || preview.data.email) && (
            <Text ta="center" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="magic-login-account">
              {[preview.data.name, preview.data.email].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Button onClick={confirm} loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      )}
      {login.isSuccess && (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck />} title={t('magicLogin.successTitle')}>
            {t('magicLogin.success')}
          </Alert>
          <Button component="a" href="/patient/profile" onClick={follow} fullWidth>
            {t('magicLogin.toProfile')}
          </Button>
        </Stack>
      )}
      {detail && (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle />} title={t('magicLogin.errorTitle')} role="alert">
            <Stack gap={6}>
              <Text size="sm">{t(failureSentence(detail))}</Text>
              <Text size="xs" c="dimmed">
                {t('magicLogin.status')}{' '}
                <Code fz="xs" data-testid="magic-login-status">
                  {detail}
                </Code>
              </Text>
            </Stack>
          </Alert>
          {/* One under the other: side by side the Ukrainian labels do not fit the card. */}
          <Stack gap="xs">
            {token && (
              <Button leftSection={<IconRefresh size={16} />} onClick={retry} fullWidth>
                {t('common.retry')}
              </Button>
            )}
            <Button component="a" href={SUPPORT_MAILTO} variant="default" leftSection={<IconMail size={16} />} fullWidth>
              {t('magicLogin.support')}
            </Button>
          </Stack>
          <Text size="xs" c="dimmed" ta="center">
            {t('magicLogin.supportHint')} <SupportEmailLink size="xs" />
          </Text>
        </Stack>
      )}
    </AuthCard>
  );
}
