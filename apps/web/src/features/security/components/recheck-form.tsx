import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useRecheck } from '../api/recheck';

/**
 * Asked when a sensitive action answers RECHECK_REQUIRED: a code from the app (or a recovery code) or the password;
 * the action is then tried again.
 */
export function RecheckForm({ hasApp, onDone, onCancel }: { hasApp: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const recheck = useRecheck();
  const [byPassword, setByPassword] = useState(!hasApp);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t(byPassword ? 'login.passwordRequired' : 'twoStep.codeInvalid'));
    setError(null);
    recheck.mutate(byPassword ? { password: value } : { code: value.trim() }, {
      onSuccess: onDone,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.code === 'BAD_CODE'
            ? t(byPassword ? 'security.wrongPassword' : 'twoStep.wrongCode')
            : errorText(t, err, 'error.generic'),
        ),
    });
  };
  const Field = byPassword ? PasswordInput : TextInput;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue">{t('security.recheckIntro')}</Alert>
        <Field
          key={byPassword ? 'password' : 'code'}
          label={t(byPassword ? 'login.password' : 'twoStep.codeLabel')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          autoFocus
          autoComplete={byPassword ? 'current-password' : 'one-time-code'}
        />
        {hasApp && (
          <Anchor component="button" type="button" size="sm" onClick={() => setByPassword((p) => !p)}>
            {t(byPassword ? 'security.recheckByCode' : 'security.recheckByPassword')}
          </Anchor>
        )}
        <Group gap="xs">
          <Button type="submit" loading={recheck.isPending}>
            {t('common.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
