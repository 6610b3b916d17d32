import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useRecheck } from '../../../components/recheck-dialog';
import { useMfaStatus } from '../../../entities/account/mfa-status';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useNewRecoveryCodes, useRemoveTotp } from '../api/totp';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrol } from './totp-enrol';

type Mode = 'idle' | 'enrol';

/** The authenticator app: its state, and setting it up, replacing its recovery codes or turning it off. */
export function TwoStepCard({ onEnrolled }: { onEnrolled?: () => void }) {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const remove = useRemoveTotp();
  const codes = useNewRecoveryCodes();
  const [mode, setMode] = useState<Mode>('idle');
  const { run, dialog } = useRecheck();

  if (status.isPending) return <LoadingSkeleton height={140} radius="lg" />;
  if (status.isError) return <LoadError message={t('security.loadError')} onRetry={() => void status.refetch()} />;
  const s = status.data;

  // Sensitive actions: asked again for a factor when the last check is older than 10 minutes.
  const failed = (err: unknown) => notify.error(errorText(t, err, 'error.generic'));
  const turnOff = () => run(() => remove.mutateAsync()).then((done) => done && notify.success(t('security.turnedOff')), failed);
  const renewCodes = () => run(() => codes.mutateAsync()).catch(failed);

  let body: React.ReactNode;
  if (mode === 'enrol')
    body = (
      <TotpEnrol
        onDone={() => {
          setMode('idle');
          onEnrolled?.();
        }}
        onCancel={s.enrolmentRequired ? undefined : () => setMode('idle')}
      />
    );
  else if (codes.data) body = <RecoveryCodes codes={codes.data.recoveryCodes} onDone={() => codes.reset()} />;
  else if (s.totp)
    body = (
      <Stack gap="sm">
        <Text size="sm">{t('security.appOn', { count: s.recoveryCodesLeft })}</Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={renewCodes} loading={codes.isPending}>
            {t('security.newCodes')}
          </Button>
          <Button variant="default" color="red" onClick={turnOff} loading={remove.isPending}>
            {t('security.turnOff')}
          </Button>
        </Group>
      </Stack>
    );
  else
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('security.appOffIntro')}</Text>
        {/* A long label wraps on a phone rather than leaving the screen. */}
        <Button onClick={() => setMode('enrol')} h="auto" py={8} maw="100%" styles={{ label: { whiteSpace: 'normal' } }}>
          {t('security.setUpApp')}
        </Button>
      </Stack>
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconShieldCheck size={20} style={{ flexShrink: 0 }} />
            <Title order={3} size="h4">
              {t('security.appTitle')}
            </Title>
          </Group>
          <Badge color={s.totp ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {t(s.totp ? 'security.on' : 'security.off')}
          </Badge>
        </Group>
        {s.required && !s.totp && s.passkeys === 0 && <Alert color="yellow">{t('security.requiredNotice')}</Alert>}
        {body}
      </Stack>
      {dialog}
    </Card>
  );
}
