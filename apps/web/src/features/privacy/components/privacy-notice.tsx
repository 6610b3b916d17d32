import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Each section of the notice with how many items it lists (privacy.notice.<section>.items.1 …). */
const SECTIONS = [
  ['what', 5],
  ['why', 3],
  ['howLong', 3],
  ['rights', 3],
] as const;

/** What the platform keeps about a person, why, for how long, and what they may ask: shown before sign-up and in the profile. */
export function PrivacyNotice() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {SECTIONS.map(([section, count]) => (
        <Stack gap={4} key={section}>
          <Title order={2} size="h4">
            {t(`privacy.notice.${section}.title`)}
          </Title>
          <List spacing={4} size="sm">
            {Array.from({ length: count }, (_, i) => (
              <List.Item key={i}>{t(`privacy.notice.${section}.items.${i + 1}`)}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        {t('privacy.notice.contact')}
      </Text>
    </Stack>
  );
}
