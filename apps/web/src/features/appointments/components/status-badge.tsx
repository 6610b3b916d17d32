import { Badge } from '@mantine/core';
import type { AppointmentStatus, AppointmentTab } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { type DisplayStatus, displayStatus } from './display-status';

const COLORS: Record<DisplayStatus, string> = { CONFIRMED: 'teal', COMPLETED: 'gray', CANCELED: 'red' };

export function StatusBadge({ status, tab }: { status: AppointmentStatus; tab: AppointmentTab }) {
  const { t } = useTranslation();
  const shown = displayStatus(status, tab);
  return (
    <Badge color={COLORS[shown]} variant="light" tt="none">
      {t(`appointments.status.${shown}`)}
    </Badge>
  );
}
