import { Alert } from '@mantine/core';
import { groupMessageBodySchema, PATIENT_MESSAGE_MAX_CHARS, PATIENT_MESSAGES_PER_HOUR } from '@rozmova/contract';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api';
import { useFocusBackOnUnmount } from '../../../lib/focus-return';
import { checkSchema } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useMessageMembers } from '../api/message-members';

type Props = { programId: number; memberCount: number; onClose: () => void };

/** Why the message did not go, in words that say what to do next. */
function failureKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'groups.message.rateLimited';
    if (err.code === 'CONFLICT') return 'groups.message.noMembers';
    if (err.status === 400 || err.status === 413) return 'groups.message.invalid';
    if (err.status === 0) return 'error.network';
  }
  return 'groups.message.failed';
}

/** One short message to every member, under the same rules and hourly allowance as a message to one patient. */
export function MessageMembersDialog({ programId, memberCount, onClose }: Props) {
  const { t } = useTranslation();
  // Mounted open, so Mantine keeps no opener to give focus back to.
  useFocusBackOnUnmount();
  const send = useMessageMembers(programId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const checked = checkSchema(groupMessageBodySchema, { message }, (_field, issue) =>
      issue.code === 'too_big' ? t('groups.message.tooLong', { max: PATIENT_MESSAGE_MAX_CHARS }) : t('groups.message.required'),
    );
    if (!checked.ok) return setError(checked.errors.message);
    send.mutate(checked.body.message, {
      onSuccess: ({ sent }) => {
        notify.success(t('groups.message.sent', { count: sent }));
        onClose();
      },
    });
  };

  return (
    <FormModal
      onClose={onClose}
      title={t('groups.message.title')}
      size="lg"
      closeOnClickOutside={false}
      onSubmit={submit}
      pending={send.isPending}
      failure={send.isError && t(failureKey(send.error), { max: PATIENT_MESSAGES_PER_HOUR })}
      submit={{ label: t('groups.message.send'), leftSection: <IconSend size={16} />, disabled: memberCount === 0 }}
    >
      <CountedTextarea
        max={PATIENT_MESSAGE_MAX_CHARS}
        label={t('groups.message.label')}
        withAsterisk
        autosize
        minRows={4}
        maxRows={10}
        value={message}
        error={error}
        data-autofocus
        onChange={(e) => {
          setMessage(e.currentTarget.value);
          setError(undefined);
        }}
      />
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />} role="note">
        {t('groups.message.rules', { count: memberCount, max: PATIENT_MESSAGES_PER_HOUR })}
      </Alert>
    </FormModal>
  );
}
