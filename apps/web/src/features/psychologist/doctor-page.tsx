import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { idSchema } from '@rozmova/contract';
import { IconCalendarPlus, IconUserQuestion } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ApiError } from '../../lib/api';
import { hasRole, useSession } from '../../lib/session';
import { useDoctor } from './api/get-doctor';
import { PsychologistProfileCard } from './components/psychologist-profile-card';
import { PsychologistProfileCardSkeleton } from './components/psychologist-profile-card-skeleton';

// Managers also see the psychologist's week, patients a way to book; nobody else downloads these views.
const WeeklySchedule = lazy(() => import('./components/weekly-schedule'));
const BookPanel = lazy(() => import('./components/book-panel'));

/** /doctor/profile/:id: a psychologist's public profile, for any signed-in user. */
export default function DoctorPage() {
  const { t } = useTranslation();
  const parsed = idSchema.safeParse(useParams().id);
  const id = parsed.success ? parsed.data : null;
  const doctor = useDoctor(id);
  const session = useSession();
  const manager = hasRole(session, 'MANAGER');
  const patient = hasRole(session, 'PATIENT');
  const [booking, setBooking] = useState(false);

  if (id === null || (doctor.error instanceof ApiError && doctor.error.status === 404)) return <DoctorNotFound />;
  if (doctor.isPending) return <PsychologistProfileCardSkeleton />;
  if (doctor.isError) return <LoadError message={t('doctorProfile.loadError')} onRetry={() => void doctor.refetch()} />;
  if (patient) {
    return (
      <Stack gap="lg">
        <PsychologistProfileCard id={id} doctor={doctor.data} />
        {booking ? (
          <Suspense fallback={null}>
            <BookPanel id={id} />
          </Suspense>
        ) : (
          <Button
            leftSection={<IconCalendarPlus size={18} />}
            onClick={() => setBooking(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('doctorProfile.book')}
          </Button>
        )}
      </Stack>
    );
  }
  if (!manager) return <PsychologistProfileCard id={id} doctor={doctor.data} />;
  return (
    <Stack gap="lg">
      <PsychologistProfileCard id={id} doctor={doctor.data} />
      <Suspense fallback={null}>
        <WeeklySchedule id={id} />
      </Suspense>
    </Stack>
  );
}

function DoctorNotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Card withBorder padding="xl" maw={480}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconUserQuestion size={30} />
          </ThemeIcon>
          <Title order={2}>{t('doctorProfile.notFoundTitle')}</Title>
          <Text c="dimmed">{t('doctorProfile.notFoundText')}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {t('doctorProfile.toDashboard')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
