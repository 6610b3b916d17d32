import { Alert, Card, Divider, Grid, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconUser, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useErrorToast } from '../../lib/use-error-toast';
import { useManagerProfile } from './api/profile';
import { DoctorReviews } from './components/doctor-reviews';
import { PastVisits } from './components/past-visits';
import { PatientAppointments } from './components/patient-appointments';
import { PatientMeasures } from './components/patient-measures';

/**
 * /manager/dashboard: the manager's patients and, for the chosen one, appointments, questionnaires, doctor reviews
 * and past visits.
 */
export default function ManagerDashboardPage() {
  const { t } = useTranslation();
  const profile = useManagerProfile();
  const [params, setParams] = useSearchParams();
  const chosenId = Number(params.get('patient')) || null;
  useErrorToast(profile.isError, t('manager.fetchError'));

  let list: ReactNode;
  let details: ReactNode = null;
  if (profile.isPending) {
    list = <LoadingSkeleton height={240} />;
  } else if (profile.isError) {
    list = <LoadError message={t('manager.fetchError')} onRetry={() => void profile.refetch()} />;
  } else {
    const patients = profile.data.managedPatients;
    // Only the manager's own patients are ever asked about, whatever the address says.
    const chosen = patients.find((p) => p.id === chosenId);
    list =
      patients.length === 0 ? (
        <Text c="dimmed">{t('manager.patients.empty')}</Text>
      ) : (
        <nav aria-label={t('manager.dashboard.patients')}>
          {patients.map((p) => (
            <NavLink
              key={p.id}
              component="button"
              label={`${p.firstName} ${p.lastName}`}
              description={p.email}
              leftSection={<IconUser size={16} />}
              active={p.id === chosen?.id}
              aria-current={p.id === chosen?.id ? 'true' : undefined}
              onClick={() => setParams({ patient: String(p.id) })}
            />
          ))}
        </nav>
      );
    if (chosen) {
      details = (
        <Stack gap="xl" key={chosen.id}>
          <div>
            <Title order={2} size="h3">
              {chosen.firstName} {chosen.lastName}
            </Title>
            <Text c="dimmed" size="sm">
              {chosen.email}
            </Text>
            {chosen.aboutMe && (
              <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
                {chosen.aboutMe}
              </Text>
            )}
          </div>
          <PatientAppointments patientId={chosen.id} />
          <Divider />
          <PatientMeasures patientId={chosen.id} />
          <Divider />
          <DoctorReviews patientId={chosen.id} />
          <Divider />
          <PastVisits patientId={chosen.id} />
        </Stack>
      );
    } else if (chosenId !== null) {
      details = (
        <Alert color="yellow" variant="light" icon={<IconUserQuestion size={20} />} title={t('manager.dashboard.notYours')} />
      );
    } else if (patients.length > 0) {
      details = <Text c="dimmed">{t('manager.dashboard.choose')}</Text>;
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('manager.dashboard.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="xs">
            <Text fw={700} px="xs" pb="xs">
              {t('manager.dashboard.patients')}
            </Text>
            {list}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{details}</Grid.Col>
      </Grid>
    </Stack>
  );
}
