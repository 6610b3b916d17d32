import { Alert, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMfaStatus } from '../../entities/account/mfa-status';
import { PasskeysCard } from './components/passkeys-card';
import { SessionsCard } from './components/sessions-card';
import { TwoStepCard } from './components/two-step-card';

/**
 * /security: second factors and signed-in devices. A staff session that must enrol is sent here and sees only the
 * set-up, then goes on to the dashboard.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const enrolling = status.data?.enrolmentRequired === true;
  // Remembered past the status reload that follows the set-up, which no longer says so.
  const cameToEnrol = useRef(false);
  if (enrolling) cameToEnrol.current = true;
  const enrolled = () => {
    if (!cameToEnrol.current) return;
    // Whatever the app asked while enrolment was pending was refused: ask again.
    void queryClient.invalidateQueries();
    navigate('/dashboard', { replace: true });
  };
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('security.title')}
      </Title>
      {enrolling && (
        <Alert color="yellow" role="alert" title={t('security.enrolTitle')}>
          {t('security.enrolIntro')}
        </Alert>
      )}
      <TwoStepCard onEnrolled={enrolled} />
      {!enrolling && <PasskeysCard />}
      {!enrolling && <SessionsCard />}
    </Stack>
  );
}
