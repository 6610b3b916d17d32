import { Alert, Button, Divider, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { GroupProgram } from '@rozmova/contract';
import { IconAlertTriangle, IconUsersPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCreateGroup } from '../api/create-group';
import { type CreateGroupValues, checkCreate, initialCreateValues } from '../create-group-values';
import { groupFailureText } from '../failure-text';
import { ProgramFields } from './program-fields';
import { ScheduleFields } from './schedule-fields';

type Props = {
  timeZone: string;
  onCreated: (group: GroupProgram) => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
};

/** Body fields the server may name on a 400, as the form's own. */
const FIELD_OF: Record<string, keyof CreateGroupValues> = { firstStartsAt: 'date', repeatDays: 'repeatDays' };

/**
 * A new program: what it is, then when it meets on the psychologist's own clock. A refused save keeps everything
 * typed and says why (an overlap names the clash; the server's field errors mark their fields).
 */
export function CreateGroupForm({ timeZone, onCreated, onCancel, onDirty }: Props) {
  const { t, i18n } = useTranslation();
  const create = useCreateGroup();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateGroupValues>({
    initialValues: initialCreateValues(null),
    validateInputOnBlur: true,
    validate: (values) => {
      const checked = checkCreate(values, timeZone, t);
      return checked.ok ? {} : checked.errors;
    },
  });
  const dirty = form.isDirty();
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const submit = form.onSubmit((values) => {
    const checked = checkCreate(values, timeZone, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    setFailure(null);
    create.mutate(checked.body, {
      onSuccess: (group) => {
        notify.success(t('groups.created', { title: group.title }));
        onCreated(group);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          const fields = err.fields.map((f) => f.field.replace(/^body\./, ''));
          form.setErrors(Object.fromEntries(fields.map((f) => [FIELD_OF[f] ?? f, t('groups.form.errors.invalid')])));
        }
        setFailure(groupFailureText(t, err, { fallback: 'groups.errors.createFailed', zone: timeZone, locale: i18n.language }));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ProgramFields form={form} />
        <Divider />
        <Title order={3} size="h4">
          {t('groups.form.whenTitle')}
        </Title>
        <ScheduleFields form={form} timeZone={timeZone} />
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            role="alert"
            title={t('groups.errors.notCreated')}
          >
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconUsersPlus size={18} />}>
            {t('groups.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
