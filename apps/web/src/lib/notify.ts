import { notifications } from '@mantine/notifications';
import { TOAST_MS, TOAST_SUCCESS_MS } from '@rozmova/contract/constants';
import i18n from './i18n';

const show = (color: string, message: string, autoClose: number) =>
  notifications.show({ color, message, autoClose, closeButtonProps: { 'aria-label': i18n.t('common.close') } });

/** Toasts with the spec's durations: success 3 s, errors 4 s. */
export const notify = {
  success: (message: string, autoClose = TOAST_SUCCESS_MS) => show('teal', message, autoClose),
  error: (message: string, autoClose = TOAST_MS) => show('red', message, autoClose),
  info: (message: string, autoClose = TOAST_MS) => show('blue', message, autoClose),
};
