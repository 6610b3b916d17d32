/** Where users write when signing in fails; also shown on the landing page. */
export const SUPPORT_EMAIL = 'support@rozmova.app';
