import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';
import { mergeSaved, sameValue } from './stale-merge';

/** A field saved elsewhere: the saved value, what the form holds now, and whether the two are the same. */
export type FieldChange = { field: string; saved: unknown; yours: unknown; same: boolean };

/** Where a save refused as stale stands: refused, then reloaded with the fields that were saved elsewhere. */
export type StaleState = {
  state: 'refused' | 'reloaded' | null;
  reloading: boolean;
  reload: () => void;
  changes: FieldChange[];
};

type Options<V> = {
  /** The values as the user read them, and as the form holds them now. */
  read: V;
  typed: V;
  /** Reads the saved copy again (and takes its version); null when it is gone, which the caller tells. */
  load: () => Promise<V | null>;
  /** Shows the merged values and makes the saved copy the one a discard returns to. */
  apply: (merged: V, saved: V) => void;
};

/**
 * The steps after a save refused as stale, for any edit form: `refuse` on the 409, then `reload` reads the saved copy,
 * keeps what the user typed over it (mergeSaved) and lists each field saved elsewhere beside what the form holds.
 */
export function useStaleReload<V extends object>({ read, typed, load, apply }: Options<V>) {
  const { t } = useTranslation();
  const [state, setState] = useState<StaleState['state']>(null);
  const [reloading, setReloading] = useState(false);
  const [saved, setSaved] = useState<{ values: V; changed: (keyof V & string)[] } | null>(null);

  const clear = () => {
    setState(null);
    setSaved(null);
  };
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await load();
      if (!fresh) return clear();
      const merged = mergeSaved(read, typed, fresh);
      apply(merged.values, fresh);
      setSaved({ values: fresh, changed: merged.changed });
      setState('reloaded');
    } catch {
      notify.error(t('stale.reloadError'));
    } finally {
      setReloading(false);
    }
  };

  const changes = (saved?.changed ?? []).map((field) => {
    const value = saved?.values[field];
    return { field, saved: value, yours: typed[field], same: sameValue(value, typed[field]) };
  });
  const stale: StaleState = { state, reloading, reload: () => void reload(), changes };
  return { stale, refuse: () => setState('refused'), clear };
}
