import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { opened: boolean; onClose: () => void; children: ReactNode };

/** The navigation of narrow screens, behind the burger button. */
export default function NavDrawer({ opened, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('nav.menu')} hiddenFrom="md" position="right">
      <Stack>{children}</Stack>
    </Drawer>
  );
}
