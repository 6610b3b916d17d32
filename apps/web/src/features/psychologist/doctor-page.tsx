import { Anchor, Button, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { idSchema } from '@rozmova/contract';
import { IconArrowLeft, IconCalendarPlus, IconLogin, IconUserQuestion } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ApiError } from '../../lib/api';
import { hasRole, rememberReturn, useSession } from '../../lib/session';
import { useDoctor } from './api/get-doctor';
import { PsychologistProfileCard } from './components/psychologist-profile-card';
import { PsychologistProfileCardSkeleton } from './components/psychologist-profile-card-skeleton';

// Managers also see the psychologist's week, patients a way to book; nobody else downloads these views.
const WeeklySchedule = lazy(() => import('./components/weekly-schedule'));
const BookPanel = lazy(() => import('./components/book-panel'));

/**
 * /doctor/profile/:id: a psychologist's public profile. A visitor who has not signed in sees a verified one (without
 * the picture) and "Book", which signs them in and brings them back here to book.
 */
export default function DoctorPage() {
  const { t } = useTranslation();
  const parsed = idSchema.safeParse(useParams().id);
  const id = parsed.success ? parsed.data : null;
  const session = useSession();
  const visitor = !session.token;
  const doctor = useDoctor(id, visitor);
  const manager = hasRole(session, 'MANAGER');
  const patient = hasRole(session, 'PATIENT');
  const [booking, setBooking] = useState(false);

  if (id === null || (doctor.error instanceof ApiError && doctor.error.status === 404))
    return <DoctorNotFound visitor={visitor} />;
  if (doctor.isPending) return <PsychologistProfileCardSkeleton />;
  if (doctor.isError) return <LoadError message={t('doctorProfile.loadError')} onRetry={() => void doctor.refetch()} />;
  if (visitor) {
    return (
      <Stack gap="lg">
        <Anchor component={Link} to="/psychologists" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} />
            {t('doctorProfile.allPsychologists')}
          </Group>
        </Anchor>
        <PsychologistProfileCard id={id} doctor={doctor.data} />
        <Stack gap="xs" align="flex-start">
          {/* The guard's deep link: sign-in (and a new account's onboarding) goes on to this profile, booking open. */}
          <Button
            component={Link}
            to="/login"
            onClick={() => rememberReturn(`/doctor/profile/${id}`)}
            leftSection={<IconCalendarPlus size={18} />}
          >
            {t('doctorProfile.book')}
          </Button>
          <Text size="sm" c="dimmed">
            <IconLogin size={14} style={{ verticalAlign: 'middle' }} /> {t('doctorProfile.signInToBook')}
          </Text>
        </Stack>
      </Stack>
    );
  }
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

function DoctorNotFound({ visitor }: { visitor: boolean }) {
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
          {visitor ? (
            <Button component={Link} to="/psychologists" variant="light">
              {t('doctorProfile.allPsychologists')}
            </Button>
          ) : (
            <Button component={Link} to="/dashboard" variant="light">
              {t('doctorProfile.toDashboard')}
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
