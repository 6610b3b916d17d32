import { Text, Textarea } from '@mantine/core';
import { LIMITS } from '@rozmova/contract';
import { useEffect, useState } from 'react';
import { FormModal } from './form-modal';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is about to happen, in a sentence. */
  text: string;
  /** Without `required` the reason may stay blank, and the dialog confirms with ''. */
  labels: { reason: string; placeholder?: string; required?: string; keep: string; confirm: string };
  pending: boolean;
  /** Called with the trimmed reason; the dialog stays open (and keeps the text) until the caller closes it. */
  onConfirm: (reason: string) => void;
};

/** A destructive step with a written reason: the cancel dialogs of psychologists and admins (required), patients (optional). */
export function ReasonDialog({ opened, onClose, title, text, labels, pending, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);

  const submit = () => {
    const trimmed = reason.trim();
    if (trimmed || !labels.required) onConfirm(trimmed);
    else setError(labels.required);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      onSubmit={submit}
      pending={pending}
      cancelLabel={labels.keep}
      submit={{ label: labels.confirm, color: 'red' }}
    >
      <Text size="sm">{text}</Text>
      <Textarea
        label={labels.reason}
        placeholder={labels.placeholder}
        withAsterisk={Boolean(labels.required)}
        autosize
        minRows={3}
        maxLength={LIMITS.reason}
        value={reason}
        error={error}
        data-autofocus
        onChange={(e) => {
          setReason(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
    </FormModal>
  );
}
