import { Alert, Button, Code, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMail, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_MAILTO, SupportEmailLink } from '../../components/support-email';
import { ApiError } from '../../lib/api';
import { saveAuth } from '../../lib/session';
import { useMagicLogin } from './api/magic-login';
import { AuthCard } from './components/auth-card';

/** The detail the error state shows: what went wrong, as the spec names it. */
function failureDetail(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) return `status_${err.status}`;
  return 'network_error';
}

/** /magic-login?token=…: exchanges the one-time token once per attempt; retry starts a new attempt. */
export default function MagicLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const login = useMagicLogin();
  const { mutate } = login;

  useEffect(() => {
    if (!token || started.current === attempt) return;
    started.current = attempt;
    mutate(token, { onSuccess: saveAuth });
  }, [token, attempt, mutate]);

  const retry = () => {
    login.reset();
    setAttempt((a) => a + 1);
  };
  const detail = !token ? 'missing_token' : login.isError ? failureDetail(login.error) : null;
  const processing = !detail && !login.isSuccess;

  return (
    <AuthCard title={t('magicLogin.title')}>
      {processing && (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('magicLogin.processing')}</Text>
        </Stack>
      )}
      {login.isSuccess && (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck />} title={t('magicLogin.successTitle')}>
            {t('magicLogin.success')}
          </Alert>
          <Button component={Link} to="/patient/profile" fullWidth>
            {t('magicLogin.toProfile')}
          </Button>
        </Stack>
      )}
      {detail && (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle />} title={t('magicLogin.errorTitle')} role="alert">
            <Stack gap={6}>
              <Text size="sm">{t('magicLogin.error')}</Text>
              <Text size="sm">
                {t('magicLogin.status')} <Code data-testid="magic-login-status">{detail}</Code>
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
