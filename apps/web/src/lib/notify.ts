import { notifications } from '@mantine/notifications';
import { TOAST_MS, TOAST_SUCCESS_MS } from '@rozmova/contract';

/** Toasts with the spec's durations: success 3 s, errors 4 s. */
export const notify = {
  success: (message: string, autoClose = TOAST_SUCCESS_MS) => notifications.show({ color: 'teal', message, autoClose }),
  error: (message: string, autoClose = TOAST_MS) => notifications.show({ color: 'red', message, autoClose }),
  info: (message: string, autoClose = TOAST_MS) => notifications.show({ color: 'blue', message, autoClose }),
};
