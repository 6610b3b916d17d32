import type { ClinicalRecord, PrivacyLevel } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { useStaleReload } from '../../lib/use-stale-reload';
import { loadedRecords, recordsQuery } from './api/records';
import { SELF } from './components/patient-select';

/** What the note form edits; patient is the select's value (SELF or a patient's id). */
export type RecordValues = { content: string; privacyLevel: PrivacyLevel; patient: string };

// The content as the server sent it (sanitised there); the editor starts from it sanitised here again. A new note
// may start about a chosen patient (opened from their group).
function valuesOf(record: ClinicalRecord | null, patientId?: number): RecordValues {
  const patient = record ? record.patientId : patientId;
  return {
    content: record?.content ?? '',
    privacyLevel: record?.privacyLevel ?? 'DOCTOR_ONLY',
    patient: patient ? String(patient) : SELF,
  };
}

/**
 * The note being written and the saved copy it is based on, whose version goes with the save. After a save refused
 * as stale, reloading bases the edit on the fresh copy, takes over what was changed there and left alone here (the
 * editor starts again from the saved text when the text was not touched), and lists what changed.
 */
export function useRecordDraft(record: ClinicalRecord | null, onGone: () => void, patientId?: number) {
  const queryClient = useQueryClient();
  const [read, setRead] = useState(() => valuesOf(record, patientId));
  const [values, setValues] = useState(read);
  const [version, setVersion] = useState(record?.version);
  /** The editor's starting text, and a key that starts it again when the saved text replaces an untouched one. */
  const [editor, setEditor] = useState(() => ({ html: sanitizeHtml(read.content), key: 0 }));
  /** The fresh copy, for its patient's name. */
  const [fresh, setFresh] = useState<ClinicalRecord | null>(null);

  const { stale, refuse, clear } = useStaleReload({
    read,
    typed: values,
    load: async () => {
      // Every page loaded so far is fetched again; the note was opened from one of them.
      const data = await queryClient.fetchInfiniteQuery({ ...recordsQuery, staleTime: 0 });
      const found = loadedRecords(data).find((r) => r.id === record?.id);
      if (!found) {
        onGone();
        return null;
      }
      setVersion(found.version);
      setFresh(found);
      return valuesOf(found);
    },
    apply: (merged, saved) => {
      setRead(saved);
      if (merged.content !== values.content) {
        setEditor((e) => ({ html: sanitizeHtml(merged.content), key: e.key + 1 }));
      }
      setValues(merged);
    },
  });

  const change = (patch: Partial<RecordValues>) => setValues((v) => ({ ...v, ...patch }));
  return { values, change, version, editor, fresh, stale, refuse, clear };
}
