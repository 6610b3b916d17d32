import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../components/email-input';
import { ApiError } from '../../../lib/api';
import { emailMessage } from '../../../lib/email-message';
import { errorText } from '../../../lib/error-text';
import { schemaErrors } from '../../../lib/form-errors';
import { loadContract, warmContract } from '../../../lib/load-contract';
import { notify } from '../../../lib/notify';
import { usePasswordLogin } from '../api/password-login';
import { useFinishSignIn } from '../use-finish-sign-in';

/** Sign-in with e-mail and password. */
export function PasswordLogin() {
  const { t } = useTranslation();
  const login = usePasswordLogin();
  const finishSignIn = useFinishSignIn();
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    const { loginBodySchema } = await loadContract();
    const errors = schemaErrors(loginBodySchema, values, (field) =>
      field === 'password' ? t('login.passwordRequired') : emailMessage(t, values.email),
    );
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    login.mutate(
      { email: values.email.trim().toLowerCase(), password: values.password },
      {
        onSuccess: finishSignIn,
        onError: (err) =>
          notify.error(err instanceof ApiError && err.status === 401 ? t('login.error') : errorText(t, err, 'error.generic')),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate {...warmContract}>
      <Stack gap="md">
        <EmailInput autoComplete="username" autoFocus {...form.getInputProps('email')} />
        <PasswordInput
          label={t('login.password')}
          required
          autoComplete="current-password"
          leftSection={<IconLock size={18} />}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
