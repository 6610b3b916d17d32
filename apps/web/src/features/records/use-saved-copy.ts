import type { ClinicalRecord } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadedRecords, recordsQuery } from './api/records';

/**
 * The saved copy of the note an edit is based on; its version goes with the save. After a save refused as stale,
 * `reload` fetches the note again and bases the edit on the fresh copy, which `reloaded` then holds for showing.
 */
export function useSavedCopy(record: ClinicalRecord | null) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(record);
  const [stale, setStale] = useState(false);
  const [reloaded, setReloaded] = useState<ClinicalRecord | null>(null);
  const [reloading, setReloading] = useState(false);

  /** 'gone' when the note was deleted meanwhile. */
  const reload = async (): Promise<'ok' | 'gone'> => {
    setReloading(true);
    try {
      // Every page loaded so far is fetched again; the note was opened from one of them.
      const data = await queryClient.fetchInfiniteQuery({ ...recordsQuery, staleTime: 0 });
      const fresh = loadedRecords(data).find((r) => r.id === record?.id);
      setStale(false);
      if (!fresh) return 'gone';
      setBase(fresh);
      setReloaded(fresh);
      return 'ok';
    } finally {
      setReloading(false);
    }
  };

  return { version: base?.version, stale, markStale: () => setStale(true), reloaded, reload, reloading };
}
