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
  return (
    <>
      <CountedTextarea
        max={LIMITS.longText}
        label={t(`${texts}.aboutMe`)}
        description={t(`${texts}.aboutMeHint`)}
        autosize
        minRows={3}
        maxRows={maxRows}
        {...form.getInputProps('aboutMe')}
      />
      <CountedTextarea
        max={LIMITS.longText}
        label={t(`${texts}.therapyGoals`)}
        description={t(`${texts}.therapyGoalsHint`)}
        autosize
        minRows={3}
        maxRows={maxRows}
        {...form.getInputProps('therapyGoals')}
      />
    </>
  );
}
