import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { PrivacyCard } from '../../components/privacy-card';
import { SecurityCard } from '../../components/security-card';
import { TimeZoneCard } from '../../components/time-zone-card';
import { useMe } from '../../lib/me';
import { profilePath } from '../../lib/nav-items';
import { useSession } from '../../lib/session';

/** The account as the server knows it: e-mail, name and role, which only support changes for a moderator. */
function AccountCard() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <LoadingSkeleton height={130} radius="lg" />;
  if (me.isError) return <LoadError message={t('account.loadError')} onRetry={() => void me.refetch()} />;
  const name = [me.data.firstName, me.data.lastName].filter(Boolean).join(' ');
  const rows = [
    [t('account.email'), me.data.email],
    [t('account.name'), name || t('account.noName')],
    [t('account.role'), t('account.moderator')],
  ];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /profile: the moderator's profile (every other role is sent to its own profile screen). */
export default function ModeratorProfilePage() {
  const { t } = useTranslation();
  const target = profilePath(useSession());
  if (target !== '/profile') return <Navigate to={target} replace />;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          {t('account.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('account.subtitle')}
        </Text>
      </div>
      <AccountCard />
      <TimeZoneCard />
      <NotificationPreferencesCard />
      <PrivacyCard />
      <SecurityCard />
    </Stack>
  );
}
