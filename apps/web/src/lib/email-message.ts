import type { TFunction } from 'i18next';

/** The message for an e-mail the contract refuses: missing, or not an address. */
export const emailMessage = (t: TFunction, value: string) => t(value.trim() ? 'login.emailInvalid' : 'login.emailRequired');
