import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { LIMITS } from '@rozmova/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened && (
        <Stack
          component="form"
          gap="md"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {labels.keep}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {labels.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
