import { mergeTexts, type Texts } from '../../../lib/texts/merge';

/** The texts the first-loaded sign-in screens show, in Ukrainian: a chunk smaller than the app's first one. */
export default mergeTexts(import.meta.glob<Texts>('../../../locales/uk/{common,auth}.json', { eager: true, import: 'default' }));
