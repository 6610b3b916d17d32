/** The first step's mfaToken lives in this tab only, until the second step spends it or the tab closes. */
const KEY = 'mfaToken';

export const keepMfaToken = (token: string) => sessionStorage.setItem(KEY, token);
export const mfaToken = (): string | null => sessionStorage.getItem(KEY);
export const dropMfaToken = () => sessionStorage.removeItem(KEY);
