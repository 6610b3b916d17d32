import { List, Paper, ScrollArea, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { wallClockIn, zonedRange } from '../../../lib/zoned-time';
import type { PlannedSession } from '../session-plan';

type Props = { sessions: PlannedSession[]; time: string; durationMinutes: number; timeZone: string };

/** The dates the program will meet, on the psychologist's clock with the zone's name (it changes with daylight saving). */
export function SessionPreview({ sessions, time, durationMinutes, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const locale = i18n.language;
  const line = (s: PlannedSession) => {
    const day = formatDate(s.date, locale, 'date');
    if (!s.startsAt) return t('groups.preview.skipped', { date: day, time });
    const endsAt = new Date(s.startsAt.getTime() + durationMinutes * 60_000);
    const range = zonedRange(
      { startTime: time, endTime: wallClockIn(endsAt, timeZone).time, startsAt: s.startsAt.toISOString(), timeZone },
      locale,
    );
    return `${day}, ${range}`;
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Text id={titleId} size="sm" fw={600} mb={4}>
        {t('groups.preview.title', { count: sessions.length })}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto" viewportProps={{ tabIndex: 0, 'aria-labelledby': titleId }}>
        <List size="sm" spacing={2} aria-labelledby={titleId} data-testid="session-preview">
          {sessions.map((s, i) => (
            <List.Item key={s.date} c={s.startsAt ? undefined : 'red.4'}>
              {t('groups.preview.item', { n: i + 1, when: line(s) })}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Paper>
  );
}
