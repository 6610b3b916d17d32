import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ClinicalRecord } from '@rozmova/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../../../components/after-paint';
import { openUnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { RecordForm } from './record-form';

type Props = {
  opened: boolean;
  /** The note to edit; null (or absent) writes a new one. */
  record?: ClinicalRecord | null;
  /** A new note's patient, chosen beforehand (a note about a group member). */
  patientId?: number;
  onClose: () => void;
};

/** Writing or editing a note. Also opened from the floating menu on other screens, which loads it on first use. */
export function RecordModal({ opened, record = null, patientId, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const dirty = useRef(false);

  const close = () => {
    dirty.current = false;
    onClose();
  };
  // Escape, the close button and Cancel ask first when something was typed.
  const requestClose = () => {
    if (!dirty.current) return close();
    openUnsavedChangesDialog({ onLeave: close, onStay: () => {} });
  };

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={t(record ? 'records.form.editTitle' : 'records.form.addTitle')}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && (
        // The editor is heavy to set up: the dialog opens first, the form right after.
        <AfterPaint
          fallback={
            <Center mih={320}>
              <Loader role="status" aria-label={t('common.loading')} />
            </Center>
          }
        >
          <RecordForm
            key={record?.id ?? 'new'}
            record={record}
            patientId={patientId}
            onSaved={close}
            onCancel={requestClose}
            onDirty={(value) => {
              dirty.current = value;
            }}
          />
        </AfterPaint>
      )}
    </Modal>
  );
}
