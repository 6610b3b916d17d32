import { Button, Card, EmptyState, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ManagedPatient } from '@rozmova/contract';
import { IconLayoutDashboard, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The patients assigned to the manager, each with a way to their dashboard. */
export function ManagedPatients({ patients }: { patients: ManagedPatient[] }) {
  const { t } = useTranslation();
  if (patients.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconUsers size={32} />}
        withIndicatorBackground
        title={t('manager.patients.empty')}
        description={t('manager.patients.emptyHint')}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {patients.map((p) => {
        const name = `${p.firstName} ${p.lastName}`;
        return (
          <Card key={p.id} withBorder padding="md" component="article" aria-label={name}>
            <Stack gap={4}>
              <Text fw={700}>{name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Text>
              {p.aboutMe && (
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                  {p.aboutMe}
                </Text>
              )}
              <Group justify="flex-end" mt="xs">
                <Button
                  component={Link}
                  to={`/manager/dashboard?patient=${p.id}`}
                  size="xs"
                  variant="light"
                  leftSection={<IconLayoutDashboard size={16} />}
                >
                  {t('manager.patients.openDashboard')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
