import { Button } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/zoned-time';
import type { ListedAppointment } from './appointment-card';

/** Opens a message to the session's psychologist, its draft already naming the session. */
export function MessagePsychologistButton({ appointment }: { appointment: ListedAppointment }) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const name = `${appointment.doctorFirstName} ${appointment.doctorLastName}`.trim();
  const draft = t('appointments.lateCancel.draft', { when: format(appointment.startsAt) });
  const to = `/messages?${new URLSearchParams({ to: String(appointment.doctorId), text: draft })}`;
  return (
    <Button component={Link} to={to} size="xs" variant="light" leftSection={<IconMessage size={16} />}>
      {t('appointments.lateCancel.message', { name })}
    </Button>
  );
}
