import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { dirty: boolean; saving: boolean; onDiscard: () => void; discardLabel: string };

/** The discard and save buttons under an edit form: both idle until something changed. */
export function FormActions({ dirty, saving, onDiscard, discardLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
        {discardLabel}
      </Button>
      <Button type="submit" loading={saving} disabled={!dirty} leftSection={<IconDeviceFloppy size={18} />}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
