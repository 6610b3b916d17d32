import { mergeTexts, type Texts } from './merge';

/** The texts of the manager's and admin's screens in English, one chunk. */
export default mergeTexts(import.meta.glob<Texts>('../../locales/en/{admin,manager}.json', { eager: true, import: 'default' }));
