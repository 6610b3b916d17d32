import { Accordion, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionTime } from '../../../components/session-time';
import { ApiError } from '../../../lib/api';
import { useFormatDate } from '../../../lib/dates';
import { hasRole, useSession } from '../../../lib/session';
import { useAppointmentInfo } from '../api/appointment-info';

const ITEM = 'info';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Doctor, patient (or a group's title and members), date and time of the room's session; collapsed while in the call,
 * open before.
 */
export function CallInfoPanel({ room, opened, onToggle }: { room: string; opened: boolean; onToggle: (o: boolean) => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const info = useAppointmentInfo(room);
  const psychologist = hasRole(useSession(), 'PSYCHOLOGIST');

  let body: ReactNode;
  if (info.isPending) body = <Skeleton h={80} role="status" aria-label={t('video.info.loading')} />;
  else if (info.isError) {
    const notOurs = info.error instanceof ApiError && info.error.status === 404;
    if (!notOurs) console.error(info.error);
    body = notOurs ? (
      <Text size="sm" c="dimmed">
        {t('video.info.none')}
      </Text>
    ) : (
      <Group gap="sm">
        <Text size="sm" c="red">
          {t('video.info.error')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else {
    const a = info.data;
    // A group's room names its program and the members expected, as the call shows them (first name, last initial).
    const group = a.kind === 'GROUP' ? a.group : null;
    const otherZone = group ? undefined : ((psychologist ? a.patientTimeZone : a.doctorTimeZone) ?? undefined);
    body = (
      <Stack gap={6}>
        {group && <Field label={t('groupRoom.group')} value={group.title} />}
        <Field label={t('video.info.doctor')} value={`${a.doctorFirstName} ${a.doctorLastName}`} />
        {group ? (
          a.members.length > 0 && (
            <Field label={t('groupRoom.members')} value={a.members.map((m) => `${m.firstName} ${m.lastName}`).join(', ')} />
          )
        ) : (
          <Field label={t('video.info.patient')} value={`${a.patientFirstName} ${a.patientLastName}`} />
        )}
        <Field label={t('video.info.date')} value={formatDate(a.date)} />
        <Field label={t('video.info.time')} value={<SessionTime times={a} otherZone={otherZone} strong={false} />} />
      </Stack>
    );
  }

  return (
    <Accordion variant="contained" value={opened ? ITEM : null} onChange={(v) => onToggle(v === ITEM)}>
      <Accordion.Item value={ITEM}>
        <Accordion.Control icon={<IconCalendarEvent size={18} />}>{t('video.info.title')}</Accordion.Control>
        <Accordion.Panel>{body}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
