/** The queue of mails to send, one job per notification. */
export const MAIL_QUEUE = 'notification-mail';
