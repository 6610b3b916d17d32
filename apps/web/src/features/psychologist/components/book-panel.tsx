import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type DoctorSearchBody, SEARCH_MAX_DAYS, THERAPY_TYPES } from '@rozmova/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookConfirmModal, type Booking } from '../../../components/book-confirm-modal';
import { LoadError } from '../../../components/load-error';
import { SlotDays } from '../../../components/slot-days';
import { useDoctorSlots } from '../../../entities/psychologist/slots';
import { addDaysIso } from '../../../lib/dates';
import { useViewerToday } from '../../../lib/zoned-time';

/** How far ahead the panel looks: the longest range one search covers, from the viewer's today. */
const DAYS_AHEAD = SEARCH_MAX_DAYS - 1;

/** A patient books this psychologist from their profile: the free times of the next days, then the usual confirmation. */
export default function BookPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const today = useViewerToday();
  // Every therapy type: the search finds a psychologist by any one of theirs, and here the psychologist is fixed.
  const body: DoctorSearchBody = {
    startDate: today ?? '',
    endDate: today ? addDaysIso(today, DAYS_AHEAD) : '',
    therapyTypes: [...THERAPY_TYPES],
  };
  const slots = useDoctorSlots(body, id, today !== undefined);
  const [booking, setBooking] = useState<Booking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by the Book button above: bring it into view and put the reader there.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.current?.focus();
  }, []);

  const doctor = slots.data?.[0];
  let content: ReactNode;
  if (slots.isPending) {
    content = (
      <Center py="lg">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (slots.isError) {
    content = <LoadError message={t('doctorProfile.slotsError')} onRetry={() => void slots.refetch()} />;
  } else if (!doctor || doctor.availableSlots.length === 0) {
    content = <Text c="dimmed">{t('doctorProfile.noFreeTimes', { days: DAYS_AHEAD })}</Text>;
  } else {
    content = (
      <SlotDays slots={doctor.availableSlots} doctorZone={doctor.timeZone} onBook={(slot) => setBooking({ doctor, slot })} />
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="book-panel-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="book-panel-title" ref={heading} tabIndex={-1}>
          {t('doctorProfile.freeSlots', { days: DAYS_AHEAD })}
        </Title>
        {content}
      </Stack>
      <BookConfirmModal booking={booking} onClose={() => setBooking(null)} />
    </Card>
  );
}
