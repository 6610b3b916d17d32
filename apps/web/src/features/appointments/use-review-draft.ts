import type { PatientAppointment } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaleReload } from '../../lib/use-stale-reload';
import { appointmentsQuery } from './api/appointments';

type Values = { review: string };

/**
 * The feedback being written and when the saved feedback it is based on was saved, which goes with the save. After a
 * save refused as stale, reloading bases it on the fresh feedback (the editor starts from it when nothing was typed)
 * and shows it beside what was typed.
 */
export function useReviewDraft(
  appointment: Pick<PatientAppointment, 'id' | 'patientReview' | 'patientReviewedAt'>,
  onGone: () => void,
) {
  const queryClient = useQueryClient();
  const [read, setRead] = useState<Values>({ review: appointment.patientReview ?? '' });
  const [values, setValues] = useState(read);
  const [reviewedAt, setReviewedAt] = useState(appointment.patientReviewedAt);
  /** The editor's starting text, and a key that starts it again when the saved text replaces an untouched one. */
  const [editor, setEditor] = useState({ html: read.review, key: 0 });

  const { stale, refuse } = useStaleReload({
    read,
    typed: values,
    load: async () => {
      const list = await queryClient.fetchQuery({ ...appointmentsQuery('patient', 'archived'), staleTime: 0 });
      // Feedback is on individual sessions; a group session may have the same id.
      const fresh = (list as PatientAppointment[]).find((a) => a.kind === 'INDIVIDUAL' && a.id === appointment.id);
      if (!fresh) {
        onGone();
        return null;
      }
      setReviewedAt(fresh.patientReviewedAt);
      return { review: fresh.patientReview ?? '' };
    },
    apply: (merged, saved) => {
      setRead(saved);
      if (merged.review !== values.review) setEditor((e) => ({ html: merged.review, key: e.key + 1 }));
      setValues(merged);
    },
  });

  return { html: values.review, setHtml: (review: string) => setValues({ review }), reviewedAt, editor, stale, refuse };
}
