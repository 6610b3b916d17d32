import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentTabs } from '../../components/appointment-tabs';
import { QueryView } from '../../components/query-view';
import { useErrorToast } from '../../lib/use-error-toast';
import { useManagedAppointments } from './api/appointments';
import { AppointmentRows } from './components/appointment-rows';

/**
 * /manager/appointments: the managed patients' appointments; active are the confirmed ones (those that have ended read
 * "Completed"), archived the canceled and the not attended.
 */
export default function ManagerAppointmentsPage() {
  const { t } = useTranslation();
  const query = useManagedAppointments();
  useErrorToast(query.isError, t('appointments.fetchError'));

  const panel = (confirmed: boolean, emptyTitle: string): ReactNode => (
    <QueryView query={query} errorMessage={t('appointments.fetchError')}>
      {(appointments) => (
        <AppointmentRows
          appointments={appointments.filter((a) => (a.status === 'CONFIRMED') === confirmed)}
          emptyTitle={emptyTitle}
        />
      )}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('manager.appointments.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('manager.appointments.subtitle')}
        </Text>
      </div>
      <AppointmentTabs>
        {(value) =>
          panel(
            value === 'active',
            t(value === 'active' ? 'manager.appointments.emptyActive' : 'manager.appointments.emptyArchived'),
          )
        }
      </AppointmentTabs>
    </Stack>
  );
}
