import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/use-hydrated';

/** The required e-mail field of the sign-in and onboarding forms. */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <TextInput
      readOnly={!hydrated}
      label={t('login.email')}
      placeholder={t('login.emailPlaceholder')}
      type="email"
      required
      autoComplete="email"
      leftSection={<IconMail size={18} />}
      {...props}
    />
  );
}
