import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRecheck } from '../../components/recheck-dialog';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/notify';
import { hasRole, useSession } from '../../lib/session';
import { downloadExport, requestDeletion } from './api';
import { DeletionsCard } from './components/deletions-card';
import { PrivacyNotice } from './components/privacy-notice';

/** /privacy: what is kept and why, the own data as an archive, and (patients and psychologists) deleting the account. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { run, dialog } = useRecheck();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const mayDelete = hasRole(session, 'PATIENT') || hasRole(session, 'PSYCHOLOGIST');
  const word = t('privacy.delete.word');

  /** Runs a sensitive action; asked for a fresh check, runs it again once the owner has given one. */
  const guarded = async (action: () => Promise<void>) => {
    try {
      await run(action);
    } catch (err) {
      notify.error(errorText(t, err, 'error.generic'));
    }
  };

  const exportData = async () => {
    setExporting(true);
    await guarded(async () => {
      await downloadExport();
      notify.success(t('privacy.export.done'));
    });
    setExporting(false);
  };

  const deleteAccount = async () => {
    setDeleting(true);
    await guarded(async () => {
      await requestDeletion();
      // The notice page signs the browser out once it shows: gone from here, this signed-in page's guard would send
      // the browser to /login while the next page's code still loads.
      navigate('/privacy-notice?deleted=1', { replace: true, state: { accountDeleted: true } });
    });
    setDeleting(false);
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('privacy.title')}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('privacy.export.title')}
          </Title>
          <Text size="sm">{t('privacy.export.text')}</Text>
          <Group>
            <Button leftSection={<IconDownload size={18} />} onClick={() => void exportData()} loading={exporting}>
              {t('privacy.export.button')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {mayDelete && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('privacy.delete.title')}
            </Title>
            <Text size="sm">{t('privacy.delete.text')}</Text>
            <Group>
              <Button color="red" variant="light" leftSection={<IconTrash size={18} />} onClick={() => setConfirming(true)}>
                {t('privacy.delete.button')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {hasRole(session, 'ADMIN') && <DeletionsCard />}
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h3" mb="sm">
          {t('privacy.notice.title')}
        </Title>
        <PrivacyNotice />
      </Card>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('privacy.delete.confirmTitle')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim().toLowerCase() === word.toLowerCase()) void deleteAccount();
          }}
        >
          <Stack gap="sm">
            <Alert color="red">{t('privacy.delete.confirmText')}</Alert>
            <TextInput
              label={t('privacy.delete.typeWord', { word })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoFocus
            />
            <Group gap="xs">
              <Button type="submit" color="red" loading={deleting} disabled={typed.trim().toLowerCase() !== word.toLowerCase()}>
                {t('privacy.delete.confirm')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      {dialog}
    </Stack>
  );
}
