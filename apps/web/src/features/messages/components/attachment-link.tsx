import { Button, Modal } from '@mantine/core';
import type { DocumentContentType, MessageAttachment } from '@rozmova/contract';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentViewer } from '../../../components/documents/document-viewer';
import { fetchAttachment } from '../api/send-attachment';

const kb = (size: number) => Math.max(1, Math.round(size / 1024));

/** A file of a message: its name and size, opened in a dialog (fetched with the session, never by a plain link). */
export function AttachmentLink({ conversationId, file }: { conversationId: number; file: MessageAttachment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconPaperclip size={14} />} onClick={() => setOpen(true)}>
        {t('messages.attachment', { name: file.fileName, size: kb(file.size) })}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={file.fileName} size="xl">
        {open && (
          <DocumentViewer
            queryKey={['conversations', conversationId, 'attachment', file.id]}
            load={() => fetchAttachment(conversationId, file.id)}
            contentType={file.contentType as DocumentContentType}
            name={file.fileName}
          />
        )}
      </Modal>
    </>
  );
}
