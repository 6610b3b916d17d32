import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './components/auth-card';
import { CodeLogin } from './components/code-login';

/** /auth-email: guests sign in with a code sent to their e-mail. */
export default function AuthEmailPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('authEmail.title')}
      footer={
        <Stack gap={4} align="center">
          <Text size="sm" ta="center" c="dimmed">
            <Anchor component={Link} to="/login" size="sm">
              {t('authEmail.otherWays')}
            </Anchor>
          </Text>
          {/* Read before an account is made: what is kept, why, and for how long. */}
          <Anchor component={Link} to="/privacy-notice" size="sm" c="dimmed">
            {t('authEmail.privacy')}
          </Anchor>
        </Stack>
      }
    >
      <CodeLogin />
    </AuthCard>
  );
}
