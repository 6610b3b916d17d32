import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '@rozmova/contract/constants';
import { useTranslation } from 'react-i18next';
import { saveAccountLanguage, setLocale } from '../lib/locale';
import { getSession } from '../lib/session';

export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      // The landing page's script (public/landing.js) finds the choice by this name: that page runs no app code.
      name="language"
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(v) => {
        void setLocale(v as Locale);
        // A person has one language: a signed-in switch changes the account's, which other devices and mail follow.
        if (getSession().token) void saveAccountLanguage(v as Locale).catch(() => undefined);
      }}
      data={LOCALES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}
