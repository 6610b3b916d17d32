import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type GroupNote, RECORD_MAX_BYTES } from '@rozmova/contract';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { RichTextField } from '../../../components/rich-text-editor';
import { StaleFormNotice } from '../../../components/stale-notice';
import { notify } from '../../../lib/notify';
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html';
import { isStale } from '../../../lib/stale';
import { useStaleReload } from '../../../lib/use-stale-reload';
import { formatInstantIn } from '../../../lib/zoned-time';
import { groupNoteQuery, useGroupNote } from '../api/group-note';
import { useSaveGroupNote } from '../api/save-group-note';
import { groupFailureText } from '../failure-text';

type Props = { sessionId: number; timeZone: string; onDirty: (dirty: boolean) => void };

/** The psychologist's own note on one session, loaded then edited. */
export function GroupNoteEditor(props: Props) {
  const { t } = useTranslation();
  const note = useGroupNote(props.sessionId);
  if (note.isPending) return <LoadingSkeleton height={260} />;
  if (note.isError) return <LoadError message={t('groups.note.fetchError')} onRetry={() => void note.refetch()} />;
  return <NoteDraft {...props} note={note.data} />;
}

/**
 * The note as written, saved with the version it was read at. A save refused because it changed elsewhere offers to
 * reload it; what was typed stays, and the saved text is shown beside it.
 */
function NoteDraft({ sessionId, timeZone, onDirty, note }: Props & { note: GroupNote }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveGroupNote(sessionId);
  const [read, setRead] = useState({ content: note.content });
  const [values, setValues] = useState(read);
  const [version, setVersion] = useState(note.version);
  const [updatedAt, setUpdatedAt] = useState(note.updatedAt);
  const [editor, setEditor] = useState(() => ({ html: sanitizeHtml(note.content), key: 0 }));
  const [failure, setFailure] = useState<string | null>(null);
  const { stale, refuse, clear } = useStaleReload({
    read,
    typed: values,
    load: async () => {
      const fresh = await queryClient.fetchQuery({ ...groupNoteQuery(sessionId), staleTime: 0 });
      setVersion(fresh.version);
      setUpdatedAt(fresh.updatedAt);
      return { content: fresh.content };
    },
    apply: (merged, saved) => {
      setRead(saved);
      if (merged.content !== values.content) setEditor((e) => ({ html: sanitizeHtml(merged.content), key: e.key + 1 }));
      setValues(merged);
    },
  });

  const submit = () => {
    if (new TextEncoder().encode(values.content).length > RECORD_MAX_BYTES) return setFailure(t('groups.note.tooLong'));
    setFailure(null);
    save.mutate(
      { content: values.content, version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          setUpdatedAt(saved.updatedAt);
          setRead(values);
          clear();
          onDirty(false);
          notify.success(t('groups.note.saved'));
        },
        onError: (err) => {
          if (isStale(err)) return refuse();
          setFailure(groupFailureText(t, err, { fallback: 'groups.note.failed', zone: timeZone, locale: i18n.language }));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <RichTextField
        key={editor.key}
        label={t('groups.note.content')}
        initialHtml={editor.html}
        onChange={(html) => {
          setValues({ content: html });
          onDirty(true);
        }}
      />
      <Text size="xs" c="dimmed">
        {updatedAt
          ? t('groups.note.updatedAt', { when: formatInstantIn(updatedAt, timeZone, i18n.language, 'dateTime') })
          : t('groups.note.private')}
      </Text>
      <StaleFormNotice stale={stale} texts="groups.note" format={(_field, value) => htmlToText(String(value ?? ''))} />
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
          {t('groups.note.save')}
        </Button>
      </Group>
    </Stack>
  );
}
