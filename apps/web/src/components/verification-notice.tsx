import { Alert } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Told to a psychologist whose documents the platform has not checked yet: patients cannot find or book them. */
export function VerificationNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconShieldCheck size={20} />} title={t('verification.title')} role="status">
      {t('verification.text')}
    </Alert>
  );
}
