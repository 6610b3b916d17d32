import { Alert, Stack, Text } from '@mantine/core';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { MessagePsychologistButton, type SessionWithPsychologist } from './message-psychologist-button';

/** A cancel refused inside the notice period: who can help, and a message to that psychologist naming the session. */
export function LateCancelNotice({ appointment, onClose }: { appointment: SessionWithPsychologist; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" role="alert" withCloseButton onClose={onClose} closeButtonLabel={t('common.close')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('appointments.noticePassed', { hours: PATIENT_CANCEL_NOTICE_HOURS })}</Text>
        <MessagePsychologistButton appointment={appointment} />
      </Stack>
    </Alert>
  );
}
