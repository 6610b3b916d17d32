import { ActionIcon, Affix, Loader, Menu } from '@mantine/core';
import { IconBell, IconFileAnalytics, IconNotes, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoonDialog } from '../components/coming-soon-dialog';
import { FLOATING_MENU_SPACE } from './floating-menu-shown';

// Loaded on first use, so screens carry the editor only once a note is written from them.
const RecordModal = lazy(() => import('../features/records/components/record-modal').then((m) => ({ default: m.RecordModal })));

/** The psychologist's quick actions; the layout loads it only for those who see it. */
export default function FloatingMenu() {
  const { t } = useTranslation();
  const [recordOpened, setRecordOpened] = useState(false);
  const [recordUsed, setRecordUsed] = useState(false);
  const [soonOpened, setSoonOpened] = useState(false);
  const [soonTitle, setSoonTitle] = useState('quickActions.createReport');

  const openSoon = (titleKey: string) => {
    setSoonTitle(titleKey);
    setSoonOpened(true);
  };

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Menu position="top-end" shadow="md" width={240} withArrow>
          <Menu.Target>
            <ActionIcon size={56} radius="xl" variant="filled" aria-label={t('quickActions.label')}>
              <IconPlus size={28} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('quickActions.label')}</Menu.Label>
            <Menu.Item
              leftSection={<IconNotes size={18} />}
              onClick={() => {
                setRecordUsed(true);
                setRecordOpened(true);
              }}
            >
              {t('quickActions.addRecord')}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileAnalytics size={18} />} onClick={() => openSoon('quickActions.createReport')}>
              {t('quickActions.createReport')}
            </Menu.Item>
            <Menu.Item leftSection={<IconBell size={18} />} onClick={() => openSoon('quickActions.sendNotification')}>
              {t('quickActions.sendNotification')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Affix>
      {recordUsed && (
        <Suspense
          fallback={
            <Affix position={{ bottom: FLOATING_MENU_SPACE, right: 36 }}>
              <Loader size="sm" aria-label={t('common.loading')} />
            </Affix>
          }
        >
          <RecordModal opened={recordOpened} onClose={() => setRecordOpened(false)} />
        </Suspense>
      )}
      <ComingSoonDialog opened={soonOpened} titleKey={soonTitle} onClose={() => setSoonOpened(false)} />
    </>
  );
}
