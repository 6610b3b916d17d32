import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type Appointment, LIMITS } from '@rozmova/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeRange, useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCancelAppointment } from '../api/cancel-appointment';

/** The psychologist's cancel step: a reason is required and the patient will see it. */
export function CancelDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const cancel = useCancelAppointment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (appointment) {
      setReason('');
      setError(null);
    }
  }, [appointment]);

  const submit = () => {
    if (!appointment) return;
    const text = reason.trim();
    if (!text) {
      setError(t('appointments.cancelDialog.reasonRequired'));
      return;
    }
    cancel.mutate(
      { id: appointment.id, reason: text },
      {
        onSuccess: () => {
          notify.success(t('appointments.cancelSuccess'));
          onClose();
        },
        // The dialog stays open so the written reason is not lost.
        onError: () => notify.error(t('appointments.cancelError')),
      },
    );
  };

  return (
    <Modal opened={appointment !== null} onClose={onClose} title={t('appointments.cancelDialog.title')} centered>
      {appointment && (
        <Stack
          component="form"
          gap="md"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Text size="sm">
            {t('appointments.cancelDialog.text', {
              name: `${appointment.patientFirstName} ${appointment.patientLastName}`,
              date: formatDate(appointment.date),
              time: timeRange(appointment.startTime, appointment.endTime),
            })}
          </Text>
          <Textarea
            label={t('appointments.cancelDialog.reason')}
            placeholder={t('appointments.cancelDialog.placeholder')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={LIMITS.reason}
            value={reason}
            error={error}
            data-autofocus
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              {t('appointments.cancelDialog.keep')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t('appointments.cancelDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
