import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import type { Checked } from './form-errors';
import { notify } from './notify';
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
};

/**
 * An edit form saved in one call: checked on blur and on submit, guarded against leaving with unsaved edits,
 * clean again after a save, and a refused save marks the fields the server named.
 */
export function useSavedForm<Values extends Record<string, unknown>, Body, Saved>({
  initialValues,
  check,
  save,
  savedValues,
  keys,
}: Options<Values, Body, Saved>) {
  const { t } = useTranslation();
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
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        const next = savedValues(saved, values, checked.body);
        form.setValues(next);
        form.setInitialValues(next);
        form.resetDirty(next);
        notify.success(t(keys.saved));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.field, t(keys.invalid)])));
        }
        notify.error(t(keys.failed));
      },
    });
  });

  return { form, dirty, submit };
}
