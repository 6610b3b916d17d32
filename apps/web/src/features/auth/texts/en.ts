import { mergeTexts, type Texts } from '../../../lib/texts/merge';

/** The texts the first-loaded sign-in screens show, in English: a chunk smaller than the app's first one. */
export default mergeTexts(import.meta.glob<Texts>('../../../locales/en/{common,auth}.json', { eager: true, import: 'default' }));
