import { Alert, Button, Stack, Text } from '@mantine/core';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/zoned-time';
import type { ListedAppointment } from './appointment-card';

/**
 * A cancel refused inside the notice period: who can help, and a message to that psychologist already naming the
 * session.
 */
export function LateCancelNotice({ appointment, onClose }: { appointment: ListedAppointment; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const name = `${appointment.doctorFirstName} ${appointment.doctorLastName}`.trim();
  const draft = t('appointments.lateCancel.draft', { when: format(appointment.startsAt) });
  const to = `/messages?${new URLSearchParams({ to: String(appointment.doctorId), text: draft })}`;
  return (
    <Alert color="orange" variant="light" role="alert" withCloseButton onClose={onClose} closeButtonLabel={t('common.close')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('appointments.noticePassed', { hours: PATIENT_CANCEL_NOTICE_HOURS })}</Text>
        <Button component={Link} to={to} size="xs" leftSection={<IconMessage size={16} />}>
          {t('appointments.lateCancel.message', { name })}
        </Button>
      </Stack>
    </Alert>
  );
}
