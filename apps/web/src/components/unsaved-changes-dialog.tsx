import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n';

type Choice = { onLeave: () => void; onStay: () => void };

/** Asks whether to drop unsaved changes; exactly one of the callbacks runs. Returns a function that closes it. */
export function openUnsavedChangesDialog({ onLeave, onStay }: Choice): () => void {
  let settled = false;
  const settle = (choice: () => void) => {
    if (settled) return;
    settled = true;
    choice();
  };
  const id = modals.openConfirmModal({
    title: i18n.t('unsaved.title'),
    children: <Text size="sm">{i18n.t('unsaved.text')}</Text>,
    labels: { confirm: i18n.t('unsaved.leave'), cancel: i18n.t('unsaved.stay') },
    confirmProps: { color: 'red' },
    onConfirm: () => settle(onLeave),
    onCancel: () => settle(onStay),
    onClose: () => settle(onStay),
  });
  return () => {
    settled = true;
    modals.close(id);
  };
}
