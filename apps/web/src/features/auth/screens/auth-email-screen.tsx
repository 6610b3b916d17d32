import { Anchor, Stack, Text } from '@mantine/core';
import { AuthCard } from '../components/auth-card';
import { CodeLogin } from '../components/code-login';
import { useSignIn } from '../sign-in-env';
import { useFollow } from '../use-follow';

/** /auth-email: guests sign in with a code sent to their e-mail. */
export function AuthEmailScreen() {
  const { t } = useSignIn();
  const follow = useFollow();
  return (
    <AuthCard
      title={t('authEmail.title')}
      footer={
        <Stack gap={4} align="center">
          <Text size="sm" ta="center" c="dimmed">
            <Anchor href="/login" onClick={follow} size="sm">
              {t('authEmail.otherWays')}
            </Anchor>
          </Text>
          {/* Read before an account is made: what is kept, why, and for how long. */}
          <Anchor href="/privacy-notice" onClick={follow} size="sm" c="dimmed">
            {t('authEmail.privacy')}
          </Anchor>
        </Stack>
      }
    >
      <CodeLogin />
    </AuthCard>
  );
}
