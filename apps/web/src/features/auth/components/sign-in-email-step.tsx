import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../components/email-input';
import { emailMessage } from '../../../lib/email-message';
import { schemaErrors } from '../../../lib/form-errors';
import { loadContract, warmContract } from '../../../lib/load-contract';

type Props = { initialEmail: string; sending: boolean; onSend: (email: string) => void; onUsePassword?: () => void };

/** Step 1 of a code sign-in: the e-mail the code goes to. */
export function SignInEmailStep({ initialEmail, sending, onSend, onUsePassword }: Props) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: initialEmail } });
  const submit = form.onSubmit(async (values) => {
    const { requestCodeBodySchema } = await loadContract();
    const errors = schemaErrors(requestCodeBodySchema, values, () => emailMessage(t, values.email));
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) onSend(values.email.trim().toLowerCase());
  });
  return (
    <form onSubmit={submit} noValidate {...warmContract}>
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          {t('login.codeSubtitle')}
        </Text>
        <EmailInput autoFocus {...form.getInputProps('email')} />
        <Button type="submit" loading={sending} fullWidth>
          {t('login.sendCode')}
        </Button>
        {onUsePassword && (
          <Button variant="subtle" leftSection={<IconKey size={16} />} onClick={onUsePassword} fullWidth>
            {t('login.usePassword')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
