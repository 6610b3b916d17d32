import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AppointmentListItem } from '@rozmova/contract';
import { hasVisibleText } from '@rozmova/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../components/rich-text-editor';
import { ApiError } from '../../../lib/api';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { htmlToText } from '../../../lib/sanitize-html';
import { useZonedTime } from '../../../lib/zoned-time';
import { useReviewAppointment } from '../api/review-appointment';

type Props = { appointment: AppointmentListItem & { patientReview: string | null }; onClose: () => void };

/** Writing or editing the patient's feedback on a visit. Loaded on first use: the editor is large. */
export default function ReviewModal({ appointment: a, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const save = useReviewAppointment();
  const [html, setHtml] = useState(a.patientReview ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!hasVisibleText(htmlToText(html))) {
      setError(t('appointments.review.required'));
      return;
    }
    save.mutate(
      { id: a.id, review: html },
      {
        onSuccess: () => {
          notify.success(t('appointments.review.saved'));
          onClose();
        },
        onError: (err) => notify.error(t(reviewFailureKey(err))),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(a.patientReview ? 'appointments.review.editTitle' : 'appointments.review.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack
        component="form"
        gap="md"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Text size="sm" c="dimmed">
          {t('appointments.review.about', {
            name: `${a.doctorFirstName} ${a.doctorLastName}`,
            date: formatDate(a.date),
            time: zoned.range(a),
          })}
        </Text>
        <RichTextField
          label={t('appointments.review.label')}
          initialHtml={a.patientReview ?? ''}
          error={error}
          onChange={(value) => {
            setHtml(value);
            if (error) setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Why the feedback was not saved, where the answer says more than that it failed. */
function reviewFailureKey(err: unknown): string {
  if (err instanceof ApiError && err.status === 413) return 'appointments.review.tooLong';
  if (err instanceof ApiError && err.code === 'MARKUP_TOO_COMPLEX') return 'appointments.review.tooComplex';
  return 'appointments.review.saveError';
}
