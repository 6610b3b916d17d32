import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '@rozmova/contract/constants';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../lib/locale';

export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(v) => setLocale(v as Locale)}
      data={LOCALES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}
