import { WORK_LANGUAGES, type WorkLanguage } from '@rozmova/contract';

/** A language's own name in the reader's language ("Polish", "польська"), from the browser's data. */
export function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
    // Ukrainian writes language names lower-case; in a list they read as labels.
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return code;
  }
}

/** The languages psychologists may work in, as select options in the reader's language. */
export const workLanguageOptions = (locale: string): { value: WorkLanguage; label: string }[] =>
  WORK_LANGUAGES.map((code) => ({ value: code, label: languageName(code, locale) }));
