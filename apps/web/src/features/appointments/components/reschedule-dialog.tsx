import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { type AppointmentListItem, type DoctorSearchBody, SEARCH_MAX_DAYS, THERAPY_TYPES } from '@rozmova/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../../../components/after-paint';
import { LoadError } from '../../../components/load-error';
import { useDoctorSlots } from '../../../entities/psychologist/slots';
import { ApiError } from '../../../lib/api';
import { bookingErrorText, isSlotGone } from '../../../lib/booking-error';
import { addDaysIso, useFormatDate } from '../../../lib/dates';
import { useFocusBackOnUnmount } from '../../../lib/focus-return';
import { notify } from '../../../lib/notify';
import { useViewerToday, useZonedTime } from '../../../lib/zoned-time';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { RescheduleSlots } from './reschedule-slots';

/** How far ahead the dialog looks: the longest range one search covers, from the viewer's today. */
const DAYS_AHEAD = SEARCH_MAX_DAYS - 1;

/** Refusals after which nothing in the dialog can help: it closes and says so. */
const isFinal = (err: unknown) => err instanceof ApiError && (err.code === 'NOTICE_PASSED' || err.code === 'NOT_CANCELABLE');

type Props = { appointment: AppointmentListItem; onClose: () => void };

/** The patient moves a session to another free time of the same psychologist, chosen among the next days' slots. */
export function RescheduleDialog({ appointment: a, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const today = useViewerToday();
  // Every therapy type: the search finds a psychologist by any one of theirs, and here the psychologist is fixed.
  const body: DoctorSearchBody = {
    startDate: today ?? '',
    endDate: today ? addDaysIso(today, DAYS_AHEAD) : '',
    therapyTypes: [...THERAPY_TYPES],
  };
  const slots = useDoctorSlots(body, a.doctorId, today !== undefined);
  const move = useRescheduleAppointment();
  // Mounted open, so Mantine keeps no opener to give focus back to.
  useFocusBackOnUnmount();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!chosen) return;
    setError(null);
    move.mutate(
      { id: a.id, psychologistId: a.doctorId, startsAt: chosen },
      {
        onSuccess: () => {
          notify.success(t('appointments.reschedule.success'));
          onClose();
        },
        onError: (err) => {
          const text = bookingErrorText(t, err, 'appointments.reschedule.error');
          if (isFinal(err)) {
            notify.error(text, 8000);
            onClose();
            return;
          }
          if (isSlotGone(err)) setChosen(null);
          setError(text);
        },
      },
    );
  };

  const free = slots.data?.[0];
  const loading = (
    <Center py="lg">
      <Loader role="status" aria-label={t('appointments.reschedule.loading')} />
    </Center>
  );
  let list: ReactNode;
  if (slots.isPending) {
    list = loading;
  } else if (slots.isError) {
    list = <LoadError message={t('appointments.reschedule.fetchError')} onRetry={() => void slots.refetch()} />;
  } else if (!free || free.availableSlots.length === 0) {
    list = <Text c="dimmed">{t('appointments.reschedule.empty', { days: DAYS_AHEAD })}</Text>;
  } else {
    // Many days of times: the dialog opens first, its times right after.
    list = (
      <AfterPaint fallback={loading}>
        <RescheduleSlots
          label={t('appointments.reschedule.slots')}
          slots={free.availableSlots}
          doctorZone={free.timeZone}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setError(null);
          }}
        />
      </AfterPaint>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('appointments.reschedule.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('appointments.reschedule.text', {
            name: `${a.doctorFirstName} ${a.doctorLastName}`,
            date: formatDate(a.date),
            time: zoned.range(a),
          })}
        </Text>
        {list}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {t('appointments.reschedule.keep')}
          </Button>
          <Button onClick={confirm} disabled={!chosen} loading={move.isPending}>
            {t('appointments.reschedule.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
