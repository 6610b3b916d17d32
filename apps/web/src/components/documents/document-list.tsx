import { ActionIcon, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { VerificationDocument } from '@rozmova/contract';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOwnDocumentFile, useDeleteDocument } from '../../entities/psychologist/verification-documents';
import { notify } from '../../lib/notify';
import { useFormatInstant } from '../../lib/zoned-time';
import { DocumentViewer } from './document-viewer';
import { formatSize } from './format-size';

/** The psychologist's documents: kind, name, size and when sent, each to open or delete. */
export function DocumentList({ documents }: { documents: VerificationDocument[] }) {
  const { t, i18n } = useTranslation();
  const formatInstant = useFormatInstant();
  const remove = useDeleteDocument();
  const [open, setOpen] = useState<VerificationDocument | null>(null);

  const askDelete = (doc: VerificationDocument) =>
    modals.openConfirmModal({
      title: t('documents.deleteTitle'),
      children: <Text size="sm">{t('documents.deleteText', { name: doc.fileName })}</Text>,
      labels: { confirm: t('documents.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(doc.id, {
          onSuccess: () => notify.success(t('documents.deleted')),
          onError: () => notify.error(t('documents.errors.deleteFailed')),
        }),
    });

  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={t('documents.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.kind')}</Table.Th>
              <Table.Th>{t('documents.name')}</Table.Th>
              <Table.Th>{t('documents.size')}</Table.Th>
              <Table.Th>{t('documents.uploadedAt')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('documents.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>{t(`documents.kinds.${doc.kind}`)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{doc.fileName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(t, doc.size, i18n.language)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(doc.uploadedAt, 'date')}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('documents.open', { name: doc.fileName })}
                      onClick={() => setOpen(doc)}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('documents.delete', { name: doc.fileName })}
                      loading={remove.isPending && remove.variables === doc.id}
                      onClick={() => askDelete(doc)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${t(`documents.kinds.${open.kind}`)}: ${open.fileName}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && (
          <DocumentViewer
            queryKey={['psychologist', 'documents', open.id, 'file']}
            load={() => fetchOwnDocumentFile(open.id)}
            contentType={open.contentType}
            name={open.fileName}
          />
        )}
      </Modal>
    </>
  );
}
