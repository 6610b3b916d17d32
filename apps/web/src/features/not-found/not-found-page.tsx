import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconLayoutDashboard, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/** Any address the route table does not know: say so, and offer the way home (and to the dashboard when signed in). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession().token);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMapQuestion size={30} />
        </ThemeIcon>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to="/" variant={signedIn ? 'default' : 'filled'} leftSection={<IconHome size={18} />}>
            {t('notFound.home')}
          </Button>
          {signedIn && (
            <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={18} />}>
              {t('notFound.dashboard')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
