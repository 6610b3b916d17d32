import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportEmailLink } from '../../../components/support-email';

const ANCHORS = ['services', 'therapists', 'support', 'security'] as const;

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <Stack component="footer" gap="md" pb="xl">
      <Divider />
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed">
          {t('landing.footer.rights', { year: new Date().getFullYear() })}
        </Text>
        <Group gap="md" component="nav" aria-label={t('landing.sectionsNav')}>
          {ANCHORS.map((id) => (
            <Anchor key={id} component={Link} to={`#${id}`} size="sm" c="dimmed">
              {t(`landing.${id}.eyebrow`)}
            </Anchor>
          ))}
          <SupportEmailLink size="sm" c="dimmed" />
        </Group>
      </Group>
    </Stack>
  );
}
