import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { GroupProgram } from '@rozmova/contract';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openUnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { CreateGroupForm } from './create-group-form';

type Props = { opened: boolean; timeZone: string; onClose: () => void; onCreated: (group: GroupProgram) => void };

/** The create form in a dialog (the whole screen on a phone); closing with something typed asks first. */
export function CreateGroupModal({ opened, timeZone, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const dirty = useRef(false);
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = () => {
    dirty.current = false;
    onClose();
  };
  const requestClose = () => (dirty.current ? openUnsavedChangesDialog({ onLeave: close, onStay: () => {} }) : close());

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={t('groups.form.heading')}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <CreateGroupForm timeZone={timeZone} onCreated={onCreated} onCancel={requestClose} onDirty={onDirty} />}
    </Modal>
  );
}
