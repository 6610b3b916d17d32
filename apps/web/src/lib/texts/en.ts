import { mergeTexts, type Texts } from './merge';

/** The texts of the landing and sign-in pages and the layout in English, one chunk, loaded before the first render. */
export default mergeTexts(
  import.meta.glob<Texts>('../../locales/en/{common,landing,auth,therapy,not-found}.json', { eager: true, import: 'default' }),
);
