import { Text } from '@mantine/core';
import type { AppointmentListItem, PatientAppointment } from '@rozmova/contract';
import { hasVisibleText } from '@rozmova/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { RichTextField } from '../../../components/rich-text-editor';
import { RichTextView } from '../../../components/rich-text-view';
import { SavedVersionNotice } from '../../../components/saved-version-notice';
import { StaleNotice } from '../../../components/stale-notice';
import { ApiError } from '../../../lib/api';
import { useFormatDate } from '../../../lib/dates';
import { useFocusBackOnUnmount } from '../../../lib/focus-return';
import { notify } from '../../../lib/notify';
import { htmlToText } from '../../../lib/sanitize-html';
import { isStale } from '../../../lib/stale';
import { useZonedTime } from '../../../lib/zoned-time';
import { useReviewAppointment } from '../api/review-appointment';
import { useReviewDraft } from '../use-review-draft';

type Props = {
  appointment: AppointmentListItem & Pick<PatientAppointment, 'patientReview' | 'patientReviewedAt'>;
  onClose: () => void;
};

/**
 * Writing or editing the patient's feedback on a visit. Loaded on first use: the editor is large. A save refused
 * because the feedback was saved elsewhere keeps the typed text and, after a reload, shows the saved one beside it.
 */
export default function ReviewModal({ appointment: a, onClose }: Props) {
  const { t } = useTranslation();
  // Mounted open, so Mantine keeps no opener to give focus back to.
  useFocusBackOnUnmount();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const save = useReviewAppointment();
  const [error, setError] = useState<string | null>(null);
  const draft = useReviewDraft(a, () => notify.error(t('appointments.review.saveError')));
  const { html, stale } = draft;

  const submit = () => {
    if (!hasVisibleText(htmlToText(html))) {
      setError(t('appointments.review.required'));
      return;
    }
    save.mutate(
      { id: a.id, review: html, reviewedAt: draft.reviewedAt },
      {
        onSuccess: () => {
          notify.success(t('appointments.review.saved'));
          onClose();
        },
        onError: (err) => (isStale(err) ? draft.refuse() : notify.error(t(reviewFailureKey(err)))),
      },
    );
  };

  return (
    <FormModal
      onClose={onClose}
      size="xl"
      title={t(a.patientReview ? 'appointments.review.editTitle' : 'appointments.review.addTitle')}
      onSubmit={submit}
      pending={save.isPending}
      submit={{ label: t('common.save') }}
    >
      <Text size="sm" c="dimmed">
        {t('appointments.review.about', {
          name: `${a.doctorFirstName} ${a.doctorLastName}`,
          date: formatDate(a.date),
          time: zoned.range(a),
        })}
      </Text>
      <RichTextField
        key={draft.editor.key}
        label={t('appointments.review.label')}
        initialHtml={draft.editor.html}
        error={error}
        onChange={(value) => {
          draft.setHtml(value);
          if (error) setError(null);
        }}
      />
      {stale.state === 'refused' && <StaleNotice reloading={stale.reloading} onReload={stale.reload} />}
      {stale.state === 'reloaded' && (
        <SavedVersionNotice
          text={t('stale.reloaded')}
          changes={stale.changes.map((c) => ({
            field: c.field,
            label: t('appointments.review.label'),
            saved: <RichTextView html={String(c.saved)} />,
            yours: c.same ? undefined : <RichTextView html={String(c.yours)} />,
          }))}
        />
      )}
    </FormModal>
  );
}

/** Why the feedback was not saved, where the answer says more than that it failed. */
function reviewFailureKey(err: unknown): string {
  if (err instanceof ApiError && err.status === 413) return 'appointments.review.tooLong';
  if (err instanceof ApiError && err.code === 'MARKUP_TOO_COMPLEX') return 'appointments.review.tooComplex';
  return 'appointments.review.saveError';
}
