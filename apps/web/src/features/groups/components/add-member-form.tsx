import { Alert, Button, Group, Loader, Select } from '@mantine/core';
import type { GroupMember, GroupProgram } from '@rozmova/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTreatedPatients } from '../../../entities/record/treated-patients';
import { notify } from '../../../lib/notify';
import { useAddMember } from '../api/add-member';
import { groupFailureText } from '../failure-text';

type Props = { group: GroupProgram; members: GroupMember[]; timeZone: string };

/** Adds one of the patients the psychologist treats; those already in the group are not offered. */
export function AddMemberForm({ group, members, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const patients = useTreatedPatients();
  const add = useAddMember(group.id);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const taken = new Set(members.map((m) => m.patientId));
  const options = (patients.data ?? [])
    .filter((p) => !taken.has(p.id))
    .map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  const full = group.memberCount >= group.capacity;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!patientId) return setError(t('groups.addMember.required'));
    setError(null);
    const name = options.find((o) => o.value === patientId)?.label ?? '';
    add.mutate(Number(patientId), {
      onSuccess: () => {
        notify.success(t('groups.addMember.added', { name }));
        setPatientId(null);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('groups.addMember.label')}
          placeholder={t(options.length ? 'groups.addMember.placeholder' : 'groups.addMember.none')}
          data={options}
          value={patientId}
          onChange={(v) => {
            setPatientId(v);
            setError(null);
          }}
          searchable
          nothingFoundMessage={t('groups.addMember.noMatch')}
          rightSection={patients.isPending ? <Loader size="xs" /> : undefined}
          error={error ?? (patients.isError ? t('groups.addMember.patientsError') : undefined)}
          disabled={full}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" leftSection={<IconUserPlus size={18} />} loading={add.isPending} disabled={full}>
          {t('groups.addMember.submit')}
        </Button>
      </Group>
      {full && (
        <Alert mt="xs" variant="light" color="gray" role="status">
          {t('groups.addMember.full')}
        </Alert>
      )}
      {add.isError && (
        <Alert mt="xs" variant="light" color="red" role="alert">
          {groupFailureText(t, add.error, {
            fallback: 'groups.addMember.failed',
            zone: timeZone,
            locale: i18n.language,
            codes: { OVERLAP: 'groups.addMember.overlap', CONFLICT: 'groups.errors.endedGroup' },
          })}
        </Alert>
      )}
    </form>
  );
}
