import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SendMessageForm } from './send-message-form';

type Props = { opened: boolean; onClose: () => void };

/** The floating menu's "Send notification": a short message to one of the psychologist's patients. */
export default function SendMessageDialog({ opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('patientMessage.title')}
      size="lg"
      centered
      // A click beside the dialog must not throw away what was written.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <SendMessageForm onSent={onClose} onCancel={onClose} />}
    </Modal>
  );
}
