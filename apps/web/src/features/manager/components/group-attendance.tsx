import { Badge, Group, Text } from '@mantine/core';
import type { AttendanceStatus } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AttendanceStatus, string> = { ATTENDED: 'teal', NO_SHOW: 'orange', LATE_CANCEL: 'orange', EXCUSED: 'gray' };

/**
 * The patient's attendance in one group session, as their psychologist marked it (or EXCUSED when the patient skipped
 * it in time); null reads "not marked yet".
 */
export function GroupAttendance({ attendance }: { attendance: AttendanceStatus | null }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {t('manager.attendance.label')}:
      </Text>
      {attendance ? (
        <Badge color={COLORS[attendance]} variant="light" tt="none" miw="max-content">
          {t(`manager.attendance.${attendance}`)}
        </Badge>
      ) : (
        <Text size="sm" fs="italic" c="dimmed">
          {t('manager.attendance.none')}
        </Text>
      )}
    </Group>
  );
}
