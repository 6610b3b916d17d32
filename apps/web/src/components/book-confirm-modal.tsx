import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AvailableSlot, DoctorSearchResult } from '@rozmova/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookAppointment } from '../lib/book-appointment';
import { bookingErrorText } from '../lib/booking-error';
import { useFormatDate } from '../lib/dates';
import { notify } from '../lib/notify';
import { SessionTime } from './session-time';

export type Booking = { doctor: DoctorSearchResult; slot: AvailableSlot };

/** The confirmation step before a slot is booked. */
export function BookConfirmModal({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const book = useBookAppointment();

  const confirm = () => {
    if (!booking) return;
    const { doctor, slot } = booking;
    book.mutate(
      { psychologistId: doctor.id, startsAt: slot.startsAt },
      {
        onSuccess: () => notify.success(t('doctorSearch.appointmentSuccess')),
        onError: (err) => notify.error(bookingErrorText(t, err)),
        onSettled: onClose,
      },
    );
  };

  const rows: [string, ReactNode][] = booking
    ? [
        [t('doctorSearch.doctor'), `${booking.doctor.firstName} ${booking.doctor.lastName}`],
        [t('doctorSearch.date'), formatDate(booking.slot.date)],
        [t('doctorSearch.time'), <SessionTime key="time" times={booking.slot} otherZone={booking.doctor.timeZone} />],
      ]
    : [];

  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={t('doctorSearch.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('doctorSearch.confirmText')}
        </Text>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={book.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={book.isPending} data-autofocus>
            {t('doctorSearch.book')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
