import { Alert, Button, Code, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { TotpSetup } from '@rozmova/contract';
import { toDataURL } from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useConfirmTotp, useStartTotp } from '../api/totp';
import { RecoveryCodes } from './recovery-codes';

/** The QR code is drawn here in the browser, so the secret goes to no other service. */
function useQr(url: string | undefined) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void toDataURL(url, { margin: 1, width: 200 }).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  return qr;
}

/** Setting up an authenticator app: scan (or type the key), confirm with a code, then keep the recovery codes. */
export function TotpEnrol({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const qr = useQr(setup?.otpauthUrl);
  const { mutate } = start;

  useEffect(() => mutate(undefined, { onSuccess: setSetup }), [mutate]);

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />;
  if (start.isError) return <Alert color="red">{errorText(t, start.error, 'error.generic')}</Alert>;
  if (!setup) return <Loader aria-label={t('security.loading')} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('twoStep.codeInvalid'));
    setError(null);
    confirm.mutate(code.trim(), {
      onError: (err) =>
        setError(
          err instanceof ApiError && err.code === 'BAD_CODE' ? t('twoStep.wrongCode') : errorText(t, err, 'error.generic'),
        ),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('security.scan')}</Text>
        {qr && <Image src={qr} alt={t('security.qrAlt')} w={200} h={200} radius="sm" bg="white" />}
        <Text size="sm" c="dimmed">
          {t('security.orKey')}
        </Text>
        <Code fz="sm" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
          {setup.secret}
        </Code>
        <TextInput
          label={t('twoStep.codeLabel')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
        <Group gap="xs">
          <Button type="submit" loading={confirm.isPending}>
            {t('security.turnOn')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
