import { Anchor, Text } from '@mantine/core';
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
        <Text size="sm" ta="center" c="dimmed">
          <Anchor component={Link} to="/login" size="sm">
            {t('authEmail.otherWays')}
          </Anchor>
        </Text>
      }
    >
      <CodeLogin />
    </AuthCard>
  );
}
