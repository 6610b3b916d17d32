import { Button, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { schemaErrors } from '../../../lib/form-errors';
import { loadContract, warmContract } from '../../../lib/load-contract';
import { useSignIn } from '../sign-in-env';
import { EmailField } from './email-field';

type Props = { initialEmail: string; sending: boolean; onSend: (email: string) => void; onUsePassword?: () => void };

/** Step 1 of a code sign-in: the e-mail the code goes to. */
export function SignInEmailStep({ initialEmail, sending, onSend, onUsePassword }: Props) {
  const { t } = useSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { requestCodeBodySchema } = await loadContract();
    const errors = schemaErrors(requestCodeBodySchema, { email }, () =>
      t(email.trim() ? 'login.emailInvalid' : 'login.emailRequired'),
    );
    setError(errors.email ?? null);
    if (!errors.email) onSend(email.trim().toLowerCase());
  };
  return (
    <form onSubmit={submit} noValidate {...warmContract}>
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          {t('login.codeSubtitle')}
        </Text>
        <EmailField
          autoFocus
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
        />
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
