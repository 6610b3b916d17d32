import { mergeTexts, type Texts } from './merge';

/** The texts of the screens behind sign-in in English, one chunk. */
export default mergeTexts(
  import.meta.glob<Texts>(
    ['../../locales/en/*.json', '!../../locales/en/{common,landing,auth,therapy,not-found,admin,manager}.json'],
    { eager: true, import: 'default' },
  ),
);
