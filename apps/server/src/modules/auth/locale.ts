export { accountLocale, localeFromHeader } from '../../lib/accept-language.js';
