import { Alert, NumberInput, Stack, TextInput } from '@mantine/core';
import { GROUP_CAPACITY, GROUP_TITLE_MAX, type GroupProgram, LIMITS } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { FormActions } from '../../../components/form-actions';
import { StaleFormNotice } from '../../../components/stale-notice';
import { isStale } from '../../../lib/stale';
import { useSavedForm } from '../../../lib/use-saved-form';
import { groupQuery } from '../api/group';
import { useUpdateGroup } from '../api/update-group';
import { checkEdit, toEditValues } from '../edit-group-values';
import { groupFailureText } from '../failure-text';
import { CapacityHint } from './capacity-hint';

/** Title, description and capacity, saved with the version read; a save refused as stale offers to reload. */
export function EditGroupForm({ group, timeZone }: { group: GroupProgram; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateGroup(group.id);
  const queryClient = useQueryClient();
  const { form, dirty, submit, stale, discard } = useSavedForm({
    initialValues: toEditValues(group),
    check: (values, tr) => checkEdit(values, tr, group.memberCount),
    save,
    savedValues: (saved) => toEditValues(saved),
    keys: { saved: 'groups.edit.saved', failed: 'groups.edit.failed', invalid: 'groups.form.errors.invalid' },
    version: group.version,
    reload: async () => {
      const fresh = await queryClient.fetchQuery({ ...groupQuery(group.id), staleTime: 0 });
      return { version: fresh.version, values: toEditValues(fresh) };
    },
  });
  const refused = save.error && !isStale(save.error) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('groups.form.title')} withAsterisk maxLength={GROUP_TITLE_MAX} {...form.getInputProps('title')} />
        <CountedTextarea
          max={LIMITS.longText}
          label={t('groups.form.description')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <div>
          <NumberInput
            label={t('groups.form.capacity')}
            description={
              group.memberCount > 0
                ? t('groups.edit.capacityRange', { ...GROUP_CAPACITY, members: group.memberCount })
                : t('groups.form.capacityRange', GROUP_CAPACITY)
            }
            withAsterisk
            min={Math.max(GROUP_CAPACITY.min, group.memberCount)}
            max={GROUP_CAPACITY.max}
            allowDecimal={false}
            allowNegative={false}
            maw={200}
            {...form.getInputProps('capacity')}
          />
          <CapacityHint capacity={Number(form.values.capacity) || 0} />
        </div>
        <StaleFormNotice stale={stale} texts="groups.form" />
        {refused && !save.isPending && (
          <Alert color="red" variant="light" role="alert">
            {groupFailureText(t, refused, {
              fallback: 'groups.edit.failed',
              zone: timeZone,
              locale: i18n.language,
              codes: { CONFLICT: 'groups.form.errors.belowMembersServer' },
            })}
          </Alert>
        )}
        <FormActions dirty={dirty} saving={save.isPending} onDiscard={discard} discardLabel={t('groups.edit.discard')} />
      </Stack>
    </form>
  );
}
