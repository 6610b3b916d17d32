import { LIMITS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../counted-textarea';
import type { FormFields } from './form-fields';

type Props = {
  form: FormFields<'aboutMe' | 'therapyGoals'>;
  /** The i18n group holding `aboutMe`, `therapyGoals` and their `…Hint`s. */
  texts: string;
  maxRows?: number;
};

/** What a patient tells their psychologist: about themself and their therapy goals. */
export function PatientAboutFields({ form, texts, maxRows }: Props) {
  const { t } = useTranslation();
  return (['aboutMe', 'therapyGoals'] as const).map((field) => (
    <CountedTextarea
      key={field}
      max={LIMITS.longText}
      label={t(`${texts}.${field}`)}
      description={t(`${texts}.${field}Hint`)}
      autosize
      minRows={3}
      maxRows={maxRows}
      {...form.getInputProps(field)}
    />
  ));
}
