import { Card, Stack, TextInput } from '@mantine/core';
import { LIMITS, managerProfileUpdateSchema } from '@rozmova/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Checked, checkSchema, fieldMessages } from '../lib/form-errors';
import { useSavedForm } from '../lib/use-saved-form';
import { FormActions } from './form-actions';
import { NameFields } from './profile-fields/name-fields';
import { StaleFormNotice } from './stale-notice';

/** The names a manager or an admin may change about themself (both contracts take the same two). */
export type StaffNames = z.output<typeof managerProfileUpdateSchema>;
type Values = { firstName: string; lastName: string };
type Profile = Values & { email: string; version: number };

const toValues = (p: Values): Values => ({ firstName: p.firstName, lastName: p.lastName });
const check = (values: Values, t: TFunction): Checked<StaffNames> =>
  checkSchema(managerProfileUpdateSchema, values, fieldMessages(t, 'staffProfile.validation'));

/** A manager's or admin's own details: first and last name editable, the e-mail shown but not editable. */
export function StaffProfileForm<P extends Profile>({
  profile,
  save,
  reload,
}: {
  profile: P;
  save: UseMutationResult<P, Error, StaffNames>;
  /** Reads the saved profile again after a save refused as stale. */
  reload: () => Promise<P>;
}) {
  const { t } = useTranslation();
  const { form, dirty, submit, stale, discard } = useSavedForm({
    initialValues: toValues(profile),
    check,
    save,
    savedValues: toValues,
    keys: { saved: 'staffProfile.saveSuccess', failed: 'staffProfile.saveError', invalid: 'staffProfile.validation.invalid' },
    version: profile.version,
    reload: async () => {
      const fresh = await reload();
      return { version: fresh.version, values: toValues(fresh) };
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NameFields form={form} texts="staffProfile" withAsterisk maxLength={LIMITS.name} autoFill />
          <TextInput
            label={t('staffProfile.email')}
            description={t('staffProfile.emailHint')}
            value={profile.email}
            readOnly
            variant="filled"
          />
          <StaleFormNotice stale={stale} texts="staffProfile" />
          <FormActions dirty={dirty} saving={save.isPending} onDiscard={discard} discardLabel={t('staffProfile.discard')} />
        </Stack>
      </form>
    </Card>
  );
}
