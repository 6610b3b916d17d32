import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormFields } from './form-fields';

type Props = Pick<TextInputProps, 'required' | 'withAsterisk' | 'maxLength'> & {
  form: FormFields<'firstName' | 'lastName'>;
  /** The i18n group holding `firstName` and `lastName`. */
  texts: string;
  /** Lets the browser fill the names in (given-name, family-name). */
  autoFill?: boolean;
};

/** First and last name, side by side from the small breakpoint up. */
export function NameFields({ form, texts, autoFill, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t(`${texts}.firstName`)}
        autoComplete={autoFill ? 'given-name' : undefined}
        {...props}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t(`${texts}.lastName`)}
        autoComplete={autoFill ? 'family-name' : undefined}
        {...props}
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
}
