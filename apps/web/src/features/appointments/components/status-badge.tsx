import { Badge } from '@mantine/core';
import type { AppointmentStatus } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'CONFIRMED' ? 'teal' : 'red'} variant="light" tt="none">
      {t(`appointments.status.${status}`)}
    </Badge>
  );
}
