import { Alert, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract/constants';
import { IconLifebuoy } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { accepted: boolean; onAccept: (accepted: boolean) => void; disabled?: boolean };

/** What every member agrees to before joining: confidentiality, how members see each other, and what to do in a crisis. */
export function GroupAgreement({ accepted, onAccept, disabled }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('groupJoin.agreement.title')}
        </Title>
        <Text size="sm">{t('groupJoin.agreement.intro')}</Text>
        <List size="sm" spacing={6}>
          <List.Item>{t('groupJoin.agreement.confidential')}</List.Item>
          <List.Item>{t('groupJoin.agreement.names')}</List.Item>
          <List.Item>{t('groupJoin.agreement.respect')}</List.Item>
          <List.Item>{t('groupJoin.agreement.attendance', { hours: PATIENT_CANCEL_NOTICE_HOURS })}</List.Item>
        </List>
        <Alert color="orange" variant="light" icon={<IconLifebuoy size={20} />} title={t('groupJoin.agreement.crisisTitle')}>
          {t('groupJoin.agreement.crisis')}
        </Alert>
        <Checkbox
          checked={accepted}
          disabled={disabled}
          onChange={(e) => onAccept(e.currentTarget.checked)}
          label={t('groupJoin.agreement.accept')}
        />
      </Stack>
    </Paper>
  );
}
