import { GROUP_CAPACITY, type GroupProgram, type UpdateGroupBody, updateGroupBodySchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { type Checked, checkSchema, fieldMessages } from '../../lib/form-errors';

/** What the program's edit form holds. */
export type EditGroupValues = { title: string; description: string; capacity: number | string };

export const toEditValues = (group: GroupProgram): EditGroupValues => ({
  title: group.title,
  description: group.description,
  capacity: group.capacity,
});

/** The form's values as the contract's body, worded in the reader's language; capacity never below the members. */
export function checkEdit(values: EditGroupValues, t: TFunction, memberCount = 0): Checked<UpdateGroupBody> {
  const capacity = Number(values.capacity);
  const checked = checkSchema(
    updateGroupBodySchema,
    { title: values.title, description: values.description, capacity },
    fieldMessages(t, 'groups.form.errors', {
      capacity: () => t('groups.form.errors.capacity', GROUP_CAPACITY),
    }),
  );
  if (checked.ok && capacity < memberCount) {
    return { ok: false, errors: { capacity: t('groups.form.errors.belowMembers', { count: memberCount }) } };
  }
  return checked;
}
