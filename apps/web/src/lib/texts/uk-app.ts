import { mergeTexts, type Texts } from './merge';

/** The texts of the screens behind sign-in in Ukrainian, one chunk. */
export default mergeTexts(
  import.meta.glob<Texts>(
    ['../../locales/uk/*.json', '!../../locales/uk/{common,landing,auth,therapy,not-found,admin,manager}.json'],
    { eager: true, import: 'default' },
  ),
);
