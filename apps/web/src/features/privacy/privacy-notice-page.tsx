import { Alert, Anchor, Card, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { clearSession } from '../../lib/session';
import { PrivacyNotice } from './components/privacy-notice';

/** /privacy-notice: the privacy notice for anyone, before signing up; after a deletion it says the account is gone. */
export default function PrivacyNoticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  // Come from deleting the account: the session on the server is gone, so the browser's goes too.
  useEffect(() => {
    if (!accountDeleted) return;
    clearSession();
    queryClient.clear();
  }, [accountDeleted, queryClient]);
  return (
    <Stack gap="lg" maw={760} mx="auto" p="md">
      {params.get('deleted') === '1' && (
        <Alert color="teal" role="status" title={t('privacy.deleted.title')}>
          {t('privacy.deleted.text')}
        </Alert>
      )}
      <Title order={1} size="h2">
        {t('privacy.notice.title')}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <PrivacyNotice />
      </Card>
      <Anchor component={Link} to="/auth-email">
        {t('privacy.notice.signUp')}
      </Anchor>
    </Stack>
  );
}
