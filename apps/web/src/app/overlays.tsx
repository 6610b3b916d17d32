import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { overlaysMounted } from '../lib/overlays-loader';

/**
 * Confirmation modals (`modals.openConfirmModal`) and toasts (`notifications.show`): they listen for their calls
 * from beside the app, so the first page paints and hydrates without them and they load when the browser is idle.
 */
export default function Overlays() {
  // Children's effects run first, so by now both providers listen.
  useEffect(overlaysMounted, []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
