import { mergeTexts, type Texts } from './merge';

/** Every English locale file (src/locales/en/*.json) in one chunk, loaded only when English is shown. */
export default mergeTexts(import.meta.glob<Texts>('../../locales/en/*.json', { eager: true, import: 'default' }));
