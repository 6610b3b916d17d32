import { Alert, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field saved elsewhere as shown: the saved value, and what the form holds when that is something else. */
export type ShownChange = { field: string; label: string; saved: ReactNode; yours?: ReactNode };

/**
 * After reloading a copy saved elsewhere: the typed changes are kept, and each field saved elsewhere shows the saved
 * version beside what the form holds (or that the form took the saved value, when the user had left it alone).
 */
export function SavedVersionNotice({ text, changes }: { text: string; changes: ShownChange[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} role="status">
      <Text size="sm">{text}</Text>
      <Text size="sm" fw={600} mt="xs">
        {t(changes.length ? 'stale.changed' : 'stale.unchanged')}
      </Text>
      <Stack gap="xs" mt={4}>
        {changes.map((c) => (
          <Paper key={c.field} withBorder p="xs" role="group" aria-label={c.label}>
            <Text size="sm" fw={600}>
              {c.label}
            </Text>
            <Group grow wrap="wrap" align="flex-start" preventGrowOverflow={false} gap="xs" mt={4}>
              <Value label={t('stale.savedVersion')}>{c.saved}</Value>
              {c.yours !== undefined && <Value label={t('stale.yours')}>{c.yours}</Value>}
            </Group>
            {c.yours === undefined && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('stale.taken')}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Alert>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty = children === '' || children === null;
  return (
    <Box role="group" aria-label={label} miw={200}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' || empty ? (
        <Text size="sm" c={empty ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {empty ? t('stale.empty') : children}
        </Text>
      ) : (
        children
      )}
    </Box>
  );
}
