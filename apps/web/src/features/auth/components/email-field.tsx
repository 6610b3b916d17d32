import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignIn } from '../sign-in-env';

/** The required e-mail field of the sign-in forms (components/email-input.tsx is the app's, with i18next). */
export function EmailField(props: TextInputProps) {
  const { t } = useSignIn();
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
