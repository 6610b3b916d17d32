import { Alert, Text } from '@mantine/core';
import { GROUP_MESH_MAX_PEOPLE } from '@rozmova/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Whether a group of this many patients and its psychologist outgrows the built-in (peer-to-peer) call. */
export const needsMediaServer = (capacity: number) => capacity + 1 > GROUP_MESH_MAX_PEOPLE;

/**
 * What the call can hold, said plainly beside the capacity: the built-in room takes GROUP_MESH_MAX_PEOPLE people in all,
 * the psychologist included; a larger group needs the media server, where the platform has one.
 */
export function CapacityHint({ capacity }: { capacity: number }) {
  const { t } = useTranslation();
  const values = { people: GROUP_MESH_MAX_PEOPLE, members: GROUP_MESH_MAX_PEOPLE - 1 };
  if (!needsMediaServer(capacity)) {
    return (
      <Text size="xs" c="dimmed" data-testid="capacity-hint">
        {t('groups.capacityHint.fits', values)}
      </Text>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      role="note"
      data-testid="capacity-hint"
      aria-label={t('groups.capacityHint.title')}
    >
      <Text size="sm">{t('groups.capacityHint.tooMany', { ...values, capacity, total: capacity + 1 })}</Text>
    </Alert>
  );
}
