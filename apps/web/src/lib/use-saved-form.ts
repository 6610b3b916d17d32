import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import type { Checked } from './form-errors';
import { notify } from './notify';
import { isStale } from './stale';
import { useStaleReload } from './use-stale-reload';
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

/**
 * An edit form saved in one call: checked on blur and on submit, guarded against leaving with unsaved edits,
 * clean again after a save, and a refused save marks the fields the server named. A save refused as stale keeps the
 * values; reloading makes the fresh copy the one a discard returns to and the next save is based on, takes the fields
 * saved elsewhere that the user left alone, and lists them (useStaleReload).
 */
export function useSavedForm<
  Values extends Record<string, unknown>,
  Body extends { version?: number },
  Saved extends { version?: number },
>({ initialValues, check, save, savedValues, keys, version: loadedVersion, reload }: Options<Values, Body, Saved>) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(loadedVersion);
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
  const { stale, refuse, clear } = useStaleReload({
    read: form.getInitialValues(),
    typed: form.getValues(),
    load: async () => {
      if (!reload) throw new Error('no reload');
      const fresh = await reload();
      setVersion(fresh.version);
      return fresh.values;
    },
    apply: (merged, saved) => {
      form.setInitialValues(saved);
      form.setValues(merged);
      form.resetDirty(saved);
    },
  });

  const submit = form.onSubmit((values) => {
    const checked = check(values, t);
    if (!checked.ok) return;
    save.mutate(version === undefined ? checked.body : { ...checked.body, version }, {
      onSuccess: (saved) => {
        if (saved?.version !== undefined) setVersion(saved.version);
        clear();
        const next = savedValues(saved, values, checked.body);
        form.setValues(next);
        form.setInitialValues(next);
        form.resetDirty(next);
        notify.success(t(keys.saved));
      },
      onError: (err) => {
        if (isStale(err)) return refuse();
        if (err instanceof ApiError && err.status === 400) {
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.field, t(keys.invalid)])));
        }
        notify.error(t(keys.failed));
      },
    });
  });

  const discard = () => {
    form.reset();
    clear();
  };

  return { form, dirty, submit, stale, discard };
}
