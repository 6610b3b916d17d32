import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminGroup } from '@rozmova/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { useFormatDate } from '../../../lib/dates';
import { useNowAt } from '../../../lib/use-now-at';
import { useZonedTime } from '../../../lib/zoned-time';

type Props = { group: AdminGroup | null; onClose: () => void; onCancel: (session: AdminGroup['sessions'][number]) => void };

/** A program's sessions in order on the admin's clock, each confirmed one that has not ended with a Cancel. */
export function GroupSessionsModal({ group, onClose, onCancel }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  // A session stops being cancelable when it ends, without waiting for the next load.
  const now = useNowAt((group?.sessions ?? []).map((s) => Date.parse(s.endsAt)));
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={group ? t('admin.groups.sessionsTitle', { title: group.title }) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {group && group.sessions.length === 0 && <Text c="dimmed">{t('admin.groups.noSessions')}</Text>}
      <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {group?.sessions.map((s, i) => {
          const ended = Date.parse(s.endsAt) <= now;
          const when = `${formatDate(s.date)}, ${zoned.range(s)}`;
          return (
            <Group
              component="li"
              key={s.id}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              aria-label={t('admin.groups.sessionN', { n: i + 1, when })}
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {i + 1}.
                </Text>
                <Text size="sm">{when}</Text>
                <AppointmentStatusBadge status={s.status} ended={ended} />
              </Group>
              {s.status === 'CONFIRMED' && !ended && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={14} />}
                  aria-label={t('admin.groups.cancelSession', { when })}
                  onClick={() => onCancel(s)}
                >
                  {t('admin.appointments.cancel')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Modal>
  );
}
