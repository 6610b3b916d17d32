import { ActionIcon, Alert, Button, Card, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AdminManagerRow, AdminPatient } from '@rozmova/contract';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { notify } from '../../../lib/notify';
import { useAssignedPatients, useAssignPatient, useRemoveAssignment, useUnassignedPatients } from '../api/managers';

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** One manager's patients: remove any of them (after a confirmation), or add one who has no manager. */
export function ManageModal({ manager, onClose }: { manager: AdminManagerRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={manager !== null}
      onClose={onClose}
      size="lg"
      centered
      title={manager ? t('admin.managers.manageTitle', { name: name(manager) }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {manager && <ManageBody managerId={manager.id} />}
    </Modal>
  );
}

function ManageBody({ managerId }: { managerId: number }) {
  const { t } = useTranslation();
  const assigned = useAssignedPatients(managerId);
  const remove = useRemoveAssignment();

  const askRemove = (p: AdminPatient) =>
    modals.openConfirmModal({
      title: t('admin.managers.removeTitle'),
      children: <Text size="sm">{t('admin.managers.removeText', { name: name(p) })}</Text>,
      labels: { confirm: t('admin.managers.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { managerId, patientId: p.id },
          {
            onSuccess: () => notify.success(t('admin.managers.removed')),
            onError: () => notify.error(t('admin.saveError')),
          },
        ),
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-label={t('admin.managers.assigned')}>
        <Title order={3} size="h5">
          {t('admin.managers.assigned')}
        </Title>
        {assigned.isPending ? (
          <LoadingSkeleton height={48} />
        ) : assigned.isError ? (
          <Alert color="red" variant="light">
            {t('admin.fetchError')}
          </Alert>
        ) : assigned.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('admin.managers.noneAssigned')}
          </Text>
        ) : (
          assigned.data.map((p) => (
            <Card key={p.id} withBorder padding="xs" aria-label={name(p)}>
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{name(p)}</Text>
                  <Text size="xs" c="dimmed">
                    {p.email}
                  </Text>
                </div>
                <ActionIcon
                  variant="light"
                  color="red"
                  aria-label={t('admin.managers.removeNamed', { name: name(p) })}
                  onClick={() => askRemove(p)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))
        )}
      </Stack>
      <AddPatient managerId={managerId} />
    </Stack>
  );
}

function AddPatient({ managerId }: { managerId: number }) {
  const { t } = useTranslation();
  const unassigned = useUnassignedPatients(true);
  const assign = useAssignPatient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const add = () => {
    const patientId = Number(chosen);
    if (!chosen || !unassigned.data?.some((p) => p.id === patientId)) {
      setWarning(t('admin.managers.selectPatient'));
      return;
    }
    assign.mutate(
      { managerId, patientId },
      {
        onSuccess: () => {
          notify.success(t('admin.managers.assignedToast'));
          setChosen(null);
        },
        onError: () => notify.error(t('admin.managers.assignError')),
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-label={t('admin.managers.add')}>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('admin.managers.unassigned')}
          placeholder={unassigned.isError ? t('admin.fetchError') : t('admin.managers.choosePatient')}
          searchable
          clearable
          nothingFoundMessage={t('admin.managers.noUnassigned')}
          data={(unassigned.data ?? []).map((p) => ({ value: String(p.id), label: `${name(p)} · ${p.email}` }))}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setWarning(null);
          }}
          error={warning}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button leftSection={<IconUserPlus size={16} />} loading={assign.isPending} onClick={add}>
          {t('admin.managers.add')}
        </Button>
      </Group>
    </Stack>
  );
}
