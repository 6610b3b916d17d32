import { Button } from '@mantine/core';
import type { AppointmentKind } from '@rozmova/contract';
import { IconCalendarMinus, IconCalendarPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { downloadCalendarInvite } from '../api/calendar-invite';
import { downloadGroupCalendarInvite } from '../api/group-calendar-invite';

type Props = { appointmentId: number; kind?: AppointmentKind; canceled?: boolean };

/**
 * "Add to calendar": downloads the session's invitation (an appointment's, or a group session's), to open in any
 * calendar app; for a canceled session, its cancellation, which takes it out of the calendar.
 */
export function CalendarButton({ appointmentId, kind = 'INDIVIDUAL', canceled = false }: Props) {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: kind === 'GROUP' ? downloadGroupCalendarInvite : downloadCalendarInvite });
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={canceled ? <IconCalendarMinus size={16} /> : <IconCalendarPlus size={16} />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(appointmentId, { onError: (err) => notify.error(errorText(t, err, 'appointments.calendar.error')) })
      }
    >
      {t(canceled ? 'appointments.calendar.remove' : 'appointments.calendar.add')}
    </Button>
  );
}
