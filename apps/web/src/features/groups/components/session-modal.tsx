import { Divider, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { GroupProgram, GroupSession } from '@rozmova/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { openUnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useFormatDate } from '../../../lib/dates';
import { useFocusBackOnUnmount } from '../../../lib/focus-return';
import { useMe } from '../../../lib/me';
import { useZonedTime } from '../../../lib/zoned-time';
import { useMembers } from '../api/members';
import { AttendanceForm } from './attendance-form';
import { GroupNoteEditor } from './group-note-editor';

type Props = { group: GroupProgram; session: GroupSession; n: number; onClose: () => void };

/** One session opened: who came, and the group note. Closing with an unsaved note asks first. */
export default function SessionModal({ group, session, n, onClose }: Props) {
  const { t } = useTranslation();
  // Mounted open, so Mantine keeps no opener to give focus back to.
  useFocusBackOnUnmount();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  const phone = useMediaQuery('(max-width: 36em)');
  const members = useMembers(group.id);
  const zone = useMe().data?.timeZone ?? session.timeZone;
  const dirty = useRef(false);
  const requestClose = () => (dirty.current ? openUnsavedChangesDialog({ onLeave: onClose, onStay: () => {} }) : onClose());

  return (
    <Modal
      opened
      onClose={requestClose}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('groups.session.modalTitle', { n, date: formatDate(session.date), range: zoned.range(session) })}
    >
      <Stack gap="lg">
        <section aria-label={t('groups.attendance.title')}>
          <Title order={3} size="h5" mb="xs">
            {t('groups.attendance.title')}
          </Title>
          {members.isPending && <LoadingSkeleton height={120} />}
          {members.isError && <LoadError message={t('groups.membersError')} onRetry={() => void members.refetch()} />}
          {members.data && <AttendanceForm programId={group.id} session={session} members={members.data} timeZone={zone} />}
        </section>
        <Divider />
        <section aria-label={t('groups.note.title')}>
          <GroupNoteEditor
            sessionId={session.id}
            timeZone={zone}
            onDirty={(value) => {
              dirty.current = value;
            }}
          />
        </section>
      </Stack>
    </Modal>
  );
}
