import { MultiSelect, type MultiSelectProps, NumberInput, type NumberInputProps, SimpleGrid } from '@mantine/core';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, LIMITS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../counted-textarea';
import type { FormFields } from './form-fields';

type Group<K extends string> = {
  /** The group's form; it takes the place of the inputs' HTML `form` attribute, which none of them uses. */
  form: FormFields<K>;
  /** The i18n group holding the fields' labels. */
  texts: string;
};
type Rows = { minRows: number; maxRows?: number };

/** Years of experience: a whole number in the contract's range, told (not clamped) when out of it. */
export function ExperienceInput({ form, texts, ...props }: Group<'experience'> & Omit<NumberInputProps, 'form'>) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t(`${texts}.experience`)}
      {...props}
      min={EXPERIENCE_MIN}
      max={EXPERIENCE_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...form.getInputProps('experience')}
    />
  );
}

/** The therapy approaches a psychologist works in, searchable; `props` come last, so they may override the form's. */
export function TherapyTypesSelect({ form, texts, ...props }: Group<'therapyTypes'> & Omit<MultiSelectProps, 'form'>) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t(`${texts}.therapyTypes`)}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t(`${texts}.nothingFound`)}
      {...form.getInputProps('therapyTypes')}
      {...props}
    />
  );
}

/** Education and certificates, side by side from the small breakpoint up. */
export function QualificationFields({ form, texts, minRows, maxRows }: Group<'education' | 'certificates'> & Rows) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(['education', 'certificates'] as const).map((field) => (
        <CountedTextarea
          key={field}
          max={LIMITS.longText}
          label={t(`${texts}.${field}`)}
          autosize
          minRows={minRows}
          maxRows={maxRows}
          {...form.getInputProps(field)}
        />
      ))}
    </SimpleGrid>
  );
}

/** The psychologist's own words about how they work, which patients read first. */
export function BioTextarea({ form, texts, minRows, maxRows }: Group<'description'> & Rows) {
  const { t } = useTranslation();
  return (
    <CountedTextarea
      max={LIMITS.longText}
      label={t(`${texts}.description`)}
      description={t(`${texts}.descriptionHint`)}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      {...form.getInputProps('description')}
    />
  );
}
