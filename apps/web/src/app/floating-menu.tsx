import { ActionIcon, Affix, AppShell, Group, Loader, Menu } from '@mantine/core';
import { IconBell, IconFileAnalytics, IconNotes, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOATING_MENU_SPACE } from './floating-menu-shown';

// Loaded on first use, so screens carry the editor only once a note is written from them.
const RecordModal = lazy(() => import('../features/records/components/record-modal').then((m) => ({ default: m.RecordModal })));
const SendMessageDialog = lazy(() => import('../features/notifications/components/send-message-dialog'));
const ReportDialog = lazy(() => import('../features/reports/components/report-dialog'));

type Dialog = 'record' | 'report' | 'message';

/**
 * The psychologist's quick actions; the layout loads it only for those who see it. Docked (on a phone) the button
 * sits in the shell's footer bar, which the page scrolls above; otherwise it floats beside the page.
 */
export default function FloatingMenu({ docked }: { docked: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Dialog | null>(null);
  // Each dialog stays mounted once used, so it closes with its transition.
  const [used, setUsed] = useState<Dialog[]>([]);

  const open = (dialog: Dialog) => {
    setUsed((u) => (u.includes(dialog) ? u : [...u, dialog]));
    setOpened(dialog);
  };
  const close = () => setOpened(null);
  const loading = (
    <Affix position={{ bottom: FLOATING_MENU_SPACE, right: 36 }}>
      <Loader size="sm" role="status" aria-label={t('common.loading')} />
    </Affix>
  );

  const menu = (
    <Menu position="top-end" shadow="md" width={240} withArrow>
      <Menu.Target>
        <ActionIcon size={56} radius="xl" variant="filled" aria-label={t('quickActions.label')}>
          <IconPlus size={28} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('quickActions.label')}</Menu.Label>
        <Menu.Item leftSection={<IconNotes size={18} />} onClick={() => open('record')}>
          {t('quickActions.addRecord')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileAnalytics size={18} />} onClick={() => open('report')}>
          {t('quickActions.createReport')}
        </Menu.Item>
        <Menu.Item leftSection={<IconBell size={18} />} onClick={() => open('message')}>
          {t('quickActions.sendNotification')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      {docked ? (
        <AppShell.Footer withBorder>
          <Group h="100%" justify="flex-end" px="md">
            {menu}
          </Group>
        </AppShell.Footer>
      ) : (
        <Affix position={{ bottom: 20, right: 20 }}>{menu}</Affix>
      )}
      {used.includes('record') && (
        <Suspense fallback={loading}>
          <RecordModal opened={opened === 'record'} onClose={close} />
        </Suspense>
      )}
      {used.includes('message') && (
        <Suspense fallback={loading}>
          <SendMessageDialog opened={opened === 'message'} onClose={close} />
        </Suspense>
      )}
      {used.includes('report') && (
        <Suspense fallback={loading}>
          <ReportDialog opened={opened === 'report'} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
