import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { GroupProgram, GroupSession } from '@rozmova/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useNowAt } from '../../../lib/use-now-at';
import { useZonedTime } from '../../../lib/zoned-time';
import { useCancelSession } from '../api/cancel-session';
import { groupFailureText } from '../failure-text';
import { MoveSessionDialog } from './move-session-dialog';
import { SessionRow } from './session-row';

// The note's rich-text editor is large: it loads when a session is first opened.
const SessionModal = lazy(() => import('./session-modal'));

type Props = { group: GroupProgram; timeZone: string };

/** The program's sessions in order, each moved, canceled or opened for attendance and its note from here. */
export function SessionsSection({ group, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const cancel = useCancelSession(group.id);
  const [moving, setMoving] = useState<GroupSession | null>(null);
  const [open, setOpen] = useState<GroupSession | null>(null);
  const now = useNowAt(group.sessions.flatMap((s) => [Date.parse(s.startsAt), Date.parse(s.endsAt)]));
  const ended = group.status === 'ENDED';

  const askCancel = (s: GroupSession) =>
    modals.openConfirmModal({
      title: t('groups.session.cancelTitle'),
      children: <Text size="sm">{t('groups.session.cancelText', { date: formatDate(s.date), range: zoned.range(s) })}</Text>,
      labels: { confirm: t('groups.session.cancelConfirm'), cancel: t('groups.session.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(s.id, {
          onSuccess: () => notify.success(t('groups.session.canceledToast')),
          onError: (err) =>
            notify.error(
              groupFailureText(t, err, { fallback: 'groups.errors.cancelFailed', zone: timeZone, locale: i18n.language }),
            ),
        }),
    });

  const sessions = [...group.sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const position = new Map(sessions.map((s, i) => [s.id, i + 1]));
  return (
    <>
      <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('groups.tabs.sessions')}>
        {sessions.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            n={position.get(s.id) ?? 0}
            now={now}
            ended={ended}
            onMove={setMoving}
            onCancel={askCancel}
            onOpen={setOpen}
          />
        ))}
      </Stack>
      {moving && <MoveSessionDialog programId={group.id} session={moving} timeZone={timeZone} onClose={() => setMoving(null)} />}
      {open && (
        <Suspense fallback={null}>
          <SessionModal group={group} session={open} n={position.get(open.id) ?? 0} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
