import { ActionIcon, Affix, AppShell, Group, Loader, Menu } from '@mantine/core';
import { IconBell, IconFileAnalytics, IconNotes, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpener } from '../lib/focus-return';
import { openReport } from '../lib/report-opener';
import { FLOATING_MENU_SPACE } from './floating-menu-shown';
import ReportHost from './report-host';

// Loaded on first use, so screens carry the editor only once a note is written from them.
const RecordModal = lazy(() => import('../features/records/components/record-modal').then((m) => ({ default: m.RecordModal })));
const SendMessageDialog = lazy(() => import('../features/notifications/components/send-message-dialog'));

type Dialog = 'record' | 'message';

/**
 * The psychologist's quick actions. The layout loads it for psychologists on every screen, as it also hosts the report
 * dialog that patient screens open (lib/report-opener.ts); `shown` false (the notes screen) keeps only that. Docked (on
 * a phone) the button sits in the shell's footer bar, which the page scrolls above; otherwise it floats beside the page.
 */
export default function FloatingMenu({ docked, shown }: { docked: boolean; shown: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Dialog | null>(null);
  // Each dialog stays mounted once used, so it closes with its transition.
  const [used, setUsed] = useState<Dialog[]>([]);

  // The menu item that opened a dialog is gone by the time it closes, so focus goes back to the menu's button.
  const button = useRef<HTMLButtonElement>(null);
  const opener = useOpener();

  const open = (dialog: Dialog) => {
    opener.keep(button.current);
    setUsed((u) => (u.includes(dialog) ? u : [...u, dialog]));
    setOpened(dialog);
  };
  const close = () => {
    setOpened(null);
    opener.giveBack();
  };
  const loading = (
    <Affix position={{ bottom: FLOATING_MENU_SPACE, right: 36 }}>
      <Loader size="sm" role="status" aria-label={t('common.loading')} />
    </Affix>
  );

  const menu = (
    <Menu position="top-end" shadow="md" width={240} withArrow>
      <Menu.Target>
        <ActionIcon ref={button} size={56} radius="xl" variant="filled" aria-label={t('quickActions.label')}>
          <IconPlus size={28} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('quickActions.label')}</Menu.Label>
        <Menu.Item leftSection={<IconNotes size={18} />} onClick={() => open('record')}>
          {t('quickActions.addRecord')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileAnalytics size={18} />} onClick={() => openReport({ opener: button.current })}>
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
      <ReportHost />
      {shown &&
        (docked ? (
          <AppShell.Footer withBorder>
            <Group h="100%" justify="flex-end" px="md">
              {menu}
            </Group>
          </AppShell.Footer>
        ) : (
          <Affix position={{ bottom: 20, right: 20 }}>{menu}</Affix>
        ))}
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
    </>
  );
}
