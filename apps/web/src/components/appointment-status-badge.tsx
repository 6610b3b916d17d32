import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, shownStatus } from '../lib/appointment-status';

/** An appointment's status as every screen shows it; `ended`: its end has passed. */
export function AppointmentStatusBadge({ status, ended }: { status: AppointmentStatus; ended: boolean }) {
  const { t } = useTranslation();
  const shown = shownStatus(status, ended);
  return (
    <Badge color={STATUS_COLORS[shown]} variant="light" tt="none" miw="max-content">
      {t(`appointments.status.${shown}`)}
    </Badge>
  );
}
