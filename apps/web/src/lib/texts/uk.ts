import { mergeTexts, type Texts } from './merge';

/** Every Ukrainian locale file (src/locales/uk/*.json) in one chunk, loaded only when Ukrainian is shown. */
export default mergeTexts(import.meta.glob<Texts>('../../locales/uk/*.json', { eager: true, import: 'default' }));
