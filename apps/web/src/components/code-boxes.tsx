import { CODE_LENGTH } from '@rozmova/contract/constants';
import { useTranslation } from 'react-i18next';
import { CodeBoxesView } from './code-boxes-view';

export { emptyCode } from './code-boxes-view';

type Props = Omit<Parameters<typeof CodeBoxesView>[0], 'label' | 'digitLabel'>;

/** The six code boxes with the app's texts. */
export function CodeBoxes(props: Props) {
  const { t } = useTranslation();
  return <CodeBoxesView {...props} label={t('verify.label')} digitLabel={(n) => t('verify.digit', { n, total: CODE_LENGTH })} />;
}
