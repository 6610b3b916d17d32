import type { SecondFactor } from '@rozmova/contract';

/** The first step's mfaToken lives in this tab only, until the second step spends it or the tab closes. */
const KEY = 'mfaToken';
/** The second factors the account has, which the second step offers. */
const METHODS = 'mfaMethods';

export const keepMfaToken = (challenge: { mfaToken: string; methods: SecondFactor[] }) => {
  sessionStorage.setItem(KEY, challenge.mfaToken);
  sessionStorage.setItem(METHODS, challenge.methods.join(','));
};
export const mfaToken = (): string | null => sessionStorage.getItem(KEY);
/** Without a kept list (a tab from before it was kept), the app code, which every second step once was. */
export const mfaMethods = (): SecondFactor[] =>
  (sessionStorage.getItem(METHODS) ?? 'TOTP').split(',').filter((m): m is SecondFactor => m === 'TOTP' || m === 'PASSKEY');
export const dropMfaToken = () => {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(METHODS);
};
