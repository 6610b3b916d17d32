import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { GroupSession } from '@rozmova/contract';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SessionTime } from '../../../components/session-time';
import { useFormatDate } from '../../../lib/dates';
import { zoneCity } from '../../../lib/zoned-time';

type Props = { sessions: GroupSession[]; more?: number };

/**
 * A group's sessions on the patient's own clock (the server gives each in the caller's zone), each with the zone's
 * short name, under a line naming that zone: a group's psychologist may live elsewhere.
 */
export function GroupSessionLines({ sessions, more = 0 }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zone = sessions[0]?.timeZone;
  if (!zone) {
    return (
      <Text size="sm" c="dimmed">
        {t('groupSearch.noSessions')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconWorld size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs">{t('groupSearch.timesIn', { zone: zoneCity(zone) })}</Text>
      </Group>
      <List size="sm" spacing={4} aria-label={t('groupSearch.sessions')}>
        {sessions.map((s) => (
          <List.Item key={s.id}>
            <Group gap={6} wrap="wrap">
              <Text span size="sm" td={s.status === 'CANCELED' ? 'line-through' : undefined}>
                {formatDate(s.date)}, <SessionTime times={s} strong={false} />
              </Text>
              {s.status === 'CANCELED' && (
                <Badge size="xs" color="red" variant="light" tt="none">
                  {t('appointments.status.CANCELED')}
                </Badge>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t('groupSearch.moreSessions', { count: more })}
        </Text>
      )}
    </Stack>
  );
}
