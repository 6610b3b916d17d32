import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '@rozmova/contract/constants';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../lib/locale';

export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      // The landing page's script (public/landing.js) finds the choice by this name: that page runs no app code.
      name="language"
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(v) => setLocale(v as Locale)}
      data={LOCALES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}
