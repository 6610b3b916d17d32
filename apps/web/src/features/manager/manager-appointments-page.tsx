import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentTabs } from '../../components/appointment-tabs';
import { LoadError } from '../../components/load-error';
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

  const panel = (confirmed: boolean, emptyTitle: string): ReactNode => {
    if (query.isPending) {
      return (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      );
    }
    if (query.isError) return <LoadError message={t('appointments.fetchError')} onRetry={() => void query.refetch()} />;
    return (
      <AppointmentRows
        appointments={query.data.filter((a) => (a.status === 'CONFIRMED') === confirmed)}
        emptyTitle={emptyTitle}
      />
    );
  };

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
