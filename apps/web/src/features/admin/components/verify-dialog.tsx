import { Alert, Badge, Button, Group, Modal, NavLink, Stack, Text, Textarea } from '@mantine/core';
import { type AdminUserRow, LIMITS, type VerificationDocument } from '@rozmova/contract';
import { IconFileText, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentViewer } from '../../../components/documents/document-viewer';
import { LoadError } from '../../../components/load-error';
import { notify } from '../../../lib/notify';
import { fetchAdminDocumentFile, useAdminDocuments } from '../api/documents';
import { useVerifyUser } from '../api/user-actions';

type Props = { user: AdminUserRow; opened: boolean; onClose: () => void };

const STATE_COLORS = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red' } as const;

/**
 * The admin's check of a psychologist: their documents, each opened inline (every opening is audited), then approve,
 * or reject with a reason the psychologist will read.
 */
export function VerifyDialog({ user, opened, onClose }: Props) {
  const { t } = useTranslation();
  const docs = useAdminDocuments(user.id, opened);
  const verify = useVerifyUser();
  const [selected, setSelected] = useState<VerificationDocument | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const list = docs.data?.documents ?? [];

  useEffect(() => {
    if (!opened) {
      setSelected(null);
      setReason('');
      setReasonError(null);
    }
  }, [opened]);

  const decide = (verified: boolean) => {
    const trimmed = reason.trim();
    if (!verified && !trimmed) {
      setReasonError(t('admin.verifyDialog.reasonRequired'));
      return;
    }
    verify.mutate(
      { id: user.id, verified, reason: verified ? undefined : trimmed },
      {
        onSuccess: () => {
          notify.success(t(verified ? 'admin.users.verifiedToast' : 'admin.verifyDialog.rejectedToast'));
          onClose();
        },
        onError: () => notify.error(t('admin.saveError')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="90rem"
      title={t('admin.verifyDialog.title', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('admin.users.verifyText', { name })}</Text>
        {docs.data?.verification.state === 'REJECTED' && (
          <Alert color="red" variant="light" title={t('admin.verifyDialog.lastRejected')}>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {docs.data.verification.reason}
            </Text>
          </Alert>
        )}
        {docs.isError ? (
          <LoadError message={t('admin.fetchError')} onRetry={() => void docs.refetch()} />
        ) : docs.isPending ? (
          <Text c="dimmed" size="sm" role="status">
            {t('common.loading')}
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('admin.verifyDialog.noDocuments')}
          </Text>
        ) : (
          <Group align="flex-start" gap="md" wrap="nowrap" style={{ minHeight: 0 }}>
            <Stack gap={4} w={260} style={{ flexShrink: 0 }} component="nav" aria-label={t('admin.verifyDialog.documents')}>
              {list.map((doc) => (
                <NavLink
                  key={doc.id}
                  component="button"
                  active={selected?.id === doc.id}
                  label={t(`documents.kinds.${doc.kind}`)}
                  description={doc.fileName}
                  leftSection={doc.contentType === 'application/pdf' ? <IconFileText size={18} /> : <IconPhoto size={18} />}
                  onClick={() => setSelected(doc)}
                  aria-current={selected?.id === doc.id ? 'true' : undefined}
                  styles={{ description: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </Stack>
            <div style={{ flex: 1, minWidth: 0 }}>
              {selected ? (
                <DocumentViewer
                  key={selected.id}
                  queryKey={['admin', 'documents', 'file', selected.id]}
                  load={() => fetchAdminDocumentFile(selected.id)}
                  contentType={selected.contentType}
                  name={selected.fileName}
                />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('admin.verifyDialog.pick')}
                </Text>
              )}
            </div>
          </Group>
        )}
        <Textarea
          label={t('admin.verifyDialog.reason')}
          description={t('admin.verifyDialog.reasonHint')}
          autosize
          minRows={2}
          maxLength={LIMITS.reason}
          value={reason}
          error={reasonError}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
        />
        <Group justify="space-between">
          {docs.data && (
            <Badge color={STATE_COLORS[docs.data.verification.state]} variant="light">
              {t(`verificationState.${docs.data.verification.state}`)}
            </Badge>
          )}
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color="red" variant="light" loading={verify.isPending} onClick={() => decide(false)}>
              {t('admin.verifyDialog.reject')}
            </Button>
            <Button color="teal" loading={verify.isPending} onClick={() => decide(true)}>
              {t('admin.verifyDialog.approve')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
