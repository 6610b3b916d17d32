import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PublicGroup } from '@rozmova/contract';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useJoinGroup } from '../api/join-group';
import { joinErrorText } from '../join-error';
import { GroupAgreement } from './group-agreement';

/** The agreement, which must be accepted before Join; a refusal stays on screen in words until the next try. */
export function JoinPanel({ group }: { group: PublicGroup }) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const join = useJoinGroup();
  const [accepted, setAccepted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = group.seatsLeft <= 0;
  const where = { timeZone: group.sessions[0]?.timeZone, locale: i18n.language };

  const submit = () => {
    setRefusal(null);
    join.mutate(group.id, {
      onSuccess: () => notify.success(t('groupJoin.joined')),
      onError: (err) => setRefusal(joinErrorText(t, err, where)),
    });
  };

  return (
    <Stack gap="md">
      <GroupAgreement accepted={accepted} onAccept={setAccepted} disabled={full && !refusal} />
      {refusal && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {(full || !accepted) && !refusal && (
          <Text id={hintId} size="sm" c="dimmed">
            {full ? t('groupJoin.full') : t('groupJoin.acceptFirst')}
          </Text>
        )}
        <Button
          leftSection={<IconUserPlus size={18} />}
          disabled={!accepted || full}
          aria-describedby={!accepted || full ? hintId : undefined}
          loading={join.isPending}
          onClick={submit}
        >
          {t('groupJoin.join')}
        </Button>
      </Group>
    </Stack>
  );
}
