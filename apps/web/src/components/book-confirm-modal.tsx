import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AvailableSlot, DoctorSearchResult } from '@rozmova/contract';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract/constants';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookAppointment } from '../entities/appointment/book-appointment';
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
  // A double click comes before the button shows it is busy: the second click must not book again.
  const sending = useRef(false);

  const confirm = () => {
    if (!booking || sending.current) return;
    sending.current = true;
    const { doctor, slot } = booking;
    book.mutate(
      { psychologistId: doctor.id, startsAt: slot.startsAt },
      {
        onSuccess: () => notify.success(t('doctorSearch.appointmentSuccess')),
        onError: (err) => notify.error(bookingErrorText(t, err)),
        onSettled: () => {
          sending.current = false;
          onClose();
        },
      },
    );
  };
  // Less than the notice ahead: once booked, it cannot be canceled or moved here. Said before, not after.
  const late = booking !== null && Date.parse(booking.slot.startsAt) - Date.now() < PATIENT_CANCEL_NOTICE_HOURS * 3_600_000;

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
        {late && (
          <Alert color="yellow" variant="light">
            {t('doctorSearch.lateBooking', { hours: PATIENT_CANCEL_NOTICE_HOURS })}
          </Alert>
        )}
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
