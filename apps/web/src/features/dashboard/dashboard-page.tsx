import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconLogout, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentsCard } from '../../components/documents/documents-card';
import { VerificationNotice } from '../../components/verification-notice';
import { useProfile } from '../../entities/psychologist/profile';
import { useOwnDocuments } from '../../entities/psychologist/verification-documents';
import { useMe } from '../../lib/me';
import { navItems, profilePath } from '../../lib/nav-items';
import { hasRole, type Session, useSession } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import { MeasuresPrompt } from './components/measures-prompt';

/** The role line's key: the first role the stored role contains, in order of precedence. */
const ROLE_LINES = ['ADMIN', 'MODERATOR', 'MANAGER', 'PSYCHOLOGIST', 'PATIENT'] as const;
const roleLine = (session: Session) => {
  const role = ROLE_LINES.find((r) => hasRole(session, r));
  return role ? `dashboard.role.${role.toLowerCase()}` : 'dashboard.role.none';
};

/** /dashboard: greeting, what the role can do here, quick links and logout. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const links = [...navItems(session), { to: profilePath(session), label: 'nav.profile' }];
  const psychologist = useProfile(session.profileCompleted && hasRole(session, 'PSYCHOLOGIST'));
  // Until approved, the documents to send (right after onboarding too) and where their check stands.
  const verification = psychologist.data?.verification;
  const unapproved = verification !== undefined && verification.state !== 'APPROVED';
  const documents = useOwnDocuments(unapproved);
  const me = useMe();
  // By name; by e-mail only for an account without one (before onboarding, or made without names).
  const name = me.data ? me.data.firstName : session.user?.firstName;

  return (
    <Stack gap="xl" py="lg">
      <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Group justify="space-between" align="flex-start" gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconSparkles size={28} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {name ? t('dashboard.greetingName', { name }) : t('dashboard.greeting', { email: session.email ?? '' })}
              </Title>
              <Text c="dimmed" data-testid="dashboard-role">
                {t(roleLine(session))}
              </Text>
            </Stack>
          </Group>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout}>
            {t('nav.logout')}
          </Button>
        </Group>
      </Card>
      {unapproved && (
        <>
          <VerificationNotice
            verification={verification}
            hasDocuments={documents.data ? documents.data.documents.length > 0 : true}
          />
          <DocumentsCard documents={documents} />
        </>
      )}
      {session.profileCompleted && hasRole(session, 'PATIENT') && <MeasuresPrompt />}
      {session.profileCompleted && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('dashboard.quickLinks')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {links.map((item) => (
              <Button
                key={item.to}
                component={Link}
                to={item.to}
                variant="light"
                size="md"
                justify="space-between"
                rightSection={<IconArrowRight size={18} />}
              >
                {t(item.label)}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
