import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { PATIENT_MESSAGE_MAX_CHARS, patientMessageBodySchema } from '@rozmova/contract';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { useTreatedPatients } from '../../../entities/record/treated-patients';
import { checkSchema } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSendPatientMessage } from '../api/send-patient-message';
import { messageErrorText } from '../message-error';

type Errors = { patient?: string; message?: string };

/** Choosing one of the psychologist's patients and writing them a short message; a failed send keeps the text. */
export function SendMessageForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const patients = useTreatedPatients();
  const send = useSendPatientMessage();
  const [patientId, setPatientId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const options = (patients.data ?? []).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  const noPatients = patients.isSuccess && options.length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSchema(patientMessageBodySchema, { message }, (_field, issue) =>
      issue.code === 'too_big'
        ? t('patientMessage.errors.tooLong', { max: PATIENT_MESSAGE_MAX_CHARS })
        : t('patientMessage.errors.required'),
    );
    setErrors({
      patient: patientId ? undefined : t('patientMessage.errors.patientRequired'),
      message: checked.ok ? undefined : checked.errors.message,
    });
    if (!patientId || !checked.ok) return;
    const name = options.find((o) => o.value === patientId)?.label ?? '';
    send.mutate(
      { patientId: Number(patientId), body: checked.body },
      {
        onSuccess: () => {
          notify.success(t('patientMessage.sent', { name }));
          onSent();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('patientMessage.patient')}
          placeholder={t('patientMessage.patientPlaceholder')}
          withAsterisk
          data={options}
          value={patientId}
          onChange={(v) => {
            setPatientId(v);
            setErrors((old) => ({ ...old, patient: undefined }));
          }}
          searchable
          // Focused on opening: the list waits for a click or a key, so it does not cover the message field.
          openOnFocus={false}
          nothingFoundMessage={t('patientMessage.noMatch')}
          rightSection={patients.isPending ? <Loader size="xs" /> : undefined}
          error={errors.patient ?? (patients.isError ? t('patientMessage.patientsError') : undefined)}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {noPatients && (
          <Text size="sm" c="dimmed">
            {t('patientMessage.noPatients')}
          </Text>
        )}
        <CountedTextarea
          max={PATIENT_MESSAGE_MAX_CHARS}
          label={t('patientMessage.message')}
          placeholder={t('patientMessage.messagePlaceholder')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          value={message}
          error={errors.message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setErrors((old) => ({ ...old, message: undefined }));
          }}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />} role="note">
          {t('patientMessage.noReply')}
        </Alert>
        {send.isError && (
          <Alert variant="light" color="red" role="alert">
            {messageErrorText(t, send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} disabled={noPatients}>
            {t('patientMessage.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
