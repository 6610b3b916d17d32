import { Text } from '@mantine/core';
import type { GroupSession } from '@rozmova/contract';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { useFocusBackOnUnmount } from '../../../lib/focus-return';
import { notify } from '../../../lib/notify';
import { todayIn, useZonedTime } from '../../../lib/zoned-time';
import { useMoveSession } from '../api/move-session';
import { firstStart } from '../create-group-values';
import { groupFailureText } from '../failure-text';
import { WallTimeFields } from './wall-time-fields';

type Props = { programId: number; session: GroupSession; timeZone: string; onClose: () => void };

/** Moves one session to a new date and time on the psychologist's clock; its length stays. A refusal keeps the choice. */
export function MoveSessionDialog({ programId, session, timeZone, onClose }: Props) {
  const { t, i18n } = useTranslation();
  // Mounted open, so Mantine keeps no opener to give focus back to.
  useFocusBackOnUnmount();
  const zoned = useZonedTime();
  const move = useMoveSession(programId);
  const [date, setDate] = useState<string | null>(session.date);
  const [time, setTime] = useState(session.startTime.slice(0, 5));
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    const start = firstStart({ date, time }, timeZone, new Date());
    if (!start.ok) return setErrors({ [start.field]: t(start.key) });
    setErrors({});
    setFailure(null);
    move.mutate(
      { sessionId: session.id, startsAt: start.at.toISOString() },
      {
        onSuccess: () => {
          notify.success(t('groups.session.moved'));
          onClose();
        },
        onError: (err) =>
          setFailure(groupFailureText(t, err, { fallback: 'groups.errors.moveFailed', zone: timeZone, locale: i18n.language })),
      },
    );
  };

  return (
    <FormModal
      onClose={onClose}
      title={t('groups.session.moveTitle')}
      onSubmit={submit}
      pending={move.isPending}
      failure={failure}
      submit={{ label: t('groups.session.moveConfirm'), leftSection: <IconCalendarRepeat size={18} /> }}
    >
      <Text size="sm">{t('groups.session.moveText', { range: zoned.range(session) })}</Text>
      <WallTimeFields
        date={date}
        time={time}
        onDate={setDate}
        onTime={setTime}
        timeZone={timeZone}
        minDate={todayIn(timeZone)}
        errors={errors}
        labels={{ date: t('groups.session.newDate'), time: t('groups.session.newTime') }}
      />
    </FormModal>
  );
}
