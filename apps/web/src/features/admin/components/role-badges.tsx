import { Badge, Group, Text } from '@mantine/core';
import type { RoleName } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RoleName, string> = {
  ROLE_ADMIN: 'grape',
  ROLE_MANAGER: 'blue',
  ROLE_PSYCHOLOGIST: 'teal',
  ROLE_PATIENT: 'cyan',
  ROLE_MODERATOR: 'orange',
};

/** A badge per role; an account that has not chosen one yet says so. */
export function RoleBadges({ roles }: { roles: RoleName[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.roles.none')}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {roles.map((r) => (
        <Badge key={r} color={COLORS[r]} variant="light" tt="none" miw="max-content">
          {t(`admin.roles.${r}`)}
        </Badge>
      ))}
    </Group>
  );
}
