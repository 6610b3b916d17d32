import { Alert, Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { AttendanceStatus, GroupMember, GroupSession } from '@rozmova/contract';
import { IconChecks, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { hasStarted } from '../../../lib/session-window';
import { useMarkAttendance } from '../api/mark-attendance';
import { groupFailureText } from '../failure-text';

/** What a psychologist may mark; EXCUSED comes from the member's own skip with notice. */
export const MARKS = ['ATTENDED', 'NO_SHOW', 'LATE_CANCEL'] as const;
type Mark = (typeof MARKS)[number];

type Props = { programId: number; session: GroupSession; members: GroupMember[]; timeZone: string; now?: number };

/** Those who were members by the session's end: the ones its attendance is about. */
export const membersAt = (members: GroupMember[], session: GroupSession) =>
  members.filter((m) => Date.parse(m.joinedAt) < Date.parse(session.endsAt));

/**
 * Who came to one session, marked per member once it has started (the server refuses earlier: 409 NOT_STARTED). A
 * member who skipped it with notice shows as excused and is not marked.
 */
export function AttendanceForm({ programId, session, members, timeZone, now = Date.now() }: Props) {
  const { t, i18n } = useTranslation();
  const save = useMarkAttendance(programId, session.id);
  const present = membersAt(members, session);
  const saved = (m: GroupMember): AttendanceStatus | undefined => m.attendance[String(session.id)];
  const [marks, setMarks] = useState<Record<number, Mark>>(() =>
    Object.fromEntries(
      present.flatMap((m) => {
        const mark = saved(m);
        return mark && mark !== 'EXCUSED' ? [[m.patientId, mark]] : [];
      }),
    ),
  );
  const waiting = !hasStarted(session, now) ? 'notStarted' : present.length === 0 ? 'noMembers' : null;
  if (waiting) {
    return (
      <Text size="sm" c="dimmed">
        {t(`groups.attendance.${waiting}`)}
      </Text>
    );
  }

  const markable = present.filter((m) => saved(m) !== 'EXCUSED');
  const body = markable.flatMap((m) => (marks[m.patientId] ? [{ patientId: m.patientId, status: marks[m.patientId] }] : []));
  const submit = () => save.mutate(body, { onSuccess: () => notify.success(t('groups.attendance.saved')) });

  return (
    <Stack gap="sm">
      {present.map((m) => {
        const name = `${m.firstName} ${m.lastName}`;
        if (saved(m) === 'EXCUSED') {
          return (
            <Group key={m.patientId} justify="space-between">
              <Text size="sm">{name}</Text>
              <Badge variant="light" color="gray" tt="none">
                {t('groups.attendance.EXCUSED')}
              </Badge>
            </Group>
          );
        }
        return (
          <Radio.Group
            key={m.patientId}
            label={name}
            value={marks[m.patientId] ?? null}
            onChange={(v) => setMarks((old) => ({ ...old, [m.patientId]: v as Mark }))}
          >
            <Group gap="md" mt={4}>
              {MARKS.map((mark) => (
                <Radio key={mark} value={mark} label={t(`groups.attendance.${mark}`)} />
              ))}
            </Group>
          </Radio.Group>
        );
      })}
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {groupFailureText(t, save.error, { fallback: 'groups.attendance.failed', zone: timeZone, locale: i18n.language })}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconChecks size={16} />}
          onClick={() => setMarks(Object.fromEntries(markable.map((m) => [m.patientId, 'ATTENDED' as const])))}
        >
          {t('groups.attendance.allAttended')}
        </Button>
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={body.length === 0}
          leftSection={<IconDeviceFloppy size={18} />}
        >
          {t('groups.attendance.save')}
        </Button>
      </Group>
    </Stack>
  );
}
