import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import type { Checked } from './form-errors';
import { notify } from './notify';
import { isStale } from './stale';
import { useUnsavedChanges } from './use-unsaved-changes';

type Options<Values, Body, Saved> = {
  initialValues: Values;
  /** Validates the values and gives the body to save, with messages in the reader's language. */
  check: (values: Values, t: TFunction) => Checked<Body>;
  save: UseMutationResult<Saved, Error, Body>;
  /** What the form holds once saved; these become its new clean state. */
  savedValues: (saved: Saved, values: Values, body: Body) => Values;
  /** i18n keys: the success toast, the error toast, and the message on each field the server refused. */
  keys: { saved: string; failed: string; invalid: string };
  /** The version the loaded copy was read at; saves send it, so a copy saved elsewhere meanwhile is refused. */
  version?: number;
  /** Reads the saved copy again, after a save refused as stale. */
  reload?: () => Promise<{ version?: number; values: Values }>;
};

/** Where a save refused as stale stands: refused, then reloaded (the form still holds what was typed). */
export type StaleState = { state: 'refused' | 'reloaded' | null; reloading: boolean; reload: () => void };

/**
 * An edit form saved in one call: checked on blur and on submit, guarded against leaving with unsaved edits,
 * clean again after a save, and a refused save marks the fields the server named. A save refused as stale keeps the
 * values; reloading makes the fresh copy the one a discard returns to and the next save is based on.
 */
export function useSavedForm<
  Values extends Record<string, unknown>,
  Body extends { version?: number },
  Saved extends { version?: number },
>({ initialValues, check, save, savedValues, keys, version: loadedVersion, reload }: Options<Values, Body, Saved>) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(loadedVersion);
  const [staleState, setStaleState] = useState<StaleState['state']>(null);
  const [reloading, setReloading] = useState(false);
  const form = useForm<Values>({
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const checked = check(values, t);
      return checked.ok ? {} : checked.errors;
    },
  });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const submit = form.onSubmit((values) => {
    const checked = check(values, t);
    if (!checked.ok) return;
    save.mutate(version === undefined ? checked.body : { ...checked.body, version }, {
      onSuccess: (saved) => {
        if (saved?.version !== undefined) setVersion(saved.version);
        setStaleState(null);
        const next = savedValues(saved, values, checked.body);
        form.setValues(next);
        form.setInitialValues(next);
        form.resetDirty(next);
        notify.success(t(keys.saved));
      },
      onError: (err) => {
        if (isStale(err)) return setStaleState('refused');
        if (err instanceof ApiError && err.status === 400) {
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.field, t(keys.invalid)])));
        }
        notify.error(t(keys.failed));
      },
    });
  });

  const reloadSaved = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      const fresh = await reload();
      setVersion(fresh.version);
      form.setInitialValues(fresh.values);
      form.resetDirty(fresh.values);
      setStaleState('reloaded');
    } catch {
      notify.error(t('stale.reloadError'));
    } finally {
      setReloading(false);
    }
  };
  const stale: StaleState = { state: staleState, reloading, reload: () => void reloadSaved() };

  return { form, dirty, submit, stale };
}
