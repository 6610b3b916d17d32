import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { schemaErrors } from '../../../lib/form-errors';
import { loadContract, warmContract } from '../../../lib/load-contract';
import { usePasswordLogin } from '../api/password-login';
import { failureText, SignInError } from '../api/sign-in-call';
import { useSignIn } from '../sign-in-env';
import { useFinishSignIn } from '../use-finish-sign-in';
import { EmailField } from './email-field';

type Values = { email: string; password: string };

/** Sign-in with e-mail and password. */
export function PasswordLogin() {
  const { t, toast } = useSignIn();
  const login = usePasswordLogin();
  const finishSignIn = useFinishSignIn();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { loginBodySchema } = await loadContract();
    const found = schemaErrors(loginBodySchema, values, (name) =>
      name === 'password' ? t('login.passwordRequired') : t(values.email.trim() ? 'login.emailInvalid' : 'login.emailRequired'),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(
      { email: values.email.trim().toLowerCase(), password: values.password },
      {
        onSuccess: finishSignIn,
        onError: (err) =>
          toast(
            'error',
            err instanceof SignInError && err.status === 401 ? t('login.error') : failureText(t, err, 'error.generic'),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate {...warmContract}>
      <Stack gap="md">
        <EmailField autoComplete="username" autoFocus {...field('email')} />
        <PasswordInput
          label={t('login.password')}
          required
          autoComplete="current-password"
          leftSection={<IconLock size={18} />}
          {...field('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
