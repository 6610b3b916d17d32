import { Alert, Stack, Text } from '@mantine/core';
import type { Verification } from '@rozmova/contract';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../lib/zoned-time';

/**
 * Told to a psychologist whose documents the platform has not approved: send them (none yet), they are being checked,
 * or they were rejected, with the admin's reason. Patients cannot find or book them until approved.
 */
export function VerificationNotice({ verification, hasDocuments }: { verification: Verification; hasDocuments: boolean }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  if (verification.state === 'APPROVED') return null;
  if (verification.state === 'REJECTED') {
    return (
      <Alert color="red" variant="light" icon={<IconShieldX size={20} />} title={t('verification.rejectedTitle')} role="status">
        <Stack gap={4}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('verification.rejectedReason', { reason: verification.reason ?? '' })}
          </Text>
          <Text size="sm">{t('verification.rejectedText')}</Text>
          {verification.decidedAt && (
            <Text size="xs" c="dimmed">
              {t('verification.decidedAt', { date: formatInstant(verification.decidedAt, 'date') })}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      title={t(hasDocuments ? 'verification.title' : 'verification.sendTitle')}
      role="status"
    >
      {t(hasDocuments ? 'verification.text' : 'verification.sendText')}
    </Alert>
  );
}
