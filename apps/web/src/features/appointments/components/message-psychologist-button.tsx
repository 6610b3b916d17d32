import { Button } from '@mantine/core';
import type { AppointmentListItem } from '@rozmova/contract';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/zoned-time';

/** What the message names: the session's psychologist and start. */
export type SessionWithPsychologist = Pick<AppointmentListItem, 'doctorId' | 'doctorFirstName' | 'doctorLastName' | 'startsAt'>;

/** Opens a message to the session's psychologist, its draft already naming the session. */
export function MessagePsychologistButton({ appointment }: { appointment: SessionWithPsychologist }) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const name = `${appointment.doctorFirstName} ${appointment.doctorLastName}`.trim();
  const draft = t('appointments.lateCancel.draft', { when: format(appointment.startsAt) });
  const to = `/messages?${new URLSearchParams({ to: String(appointment.doctorId), text: draft })}`;
  return (
    <Button
      component={Link}
      to={to}
      size="xs"
      variant="light"
      leftSection={<IconMessage size={16} />}
      // A long name wraps on a phone rather than being cut off.
      h="auto"
      py={6}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
    >
      {t('appointments.lateCancel.message', { name })}
    </Button>
  );
}
