import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { AUTO_REPLY_MAX_CHARS, type AutoReply } from '@rozmova/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { notify } from '../../../lib/notify';
import { instantOfWall } from '../../../lib/wall-instant';
import { useViewerZone, wallClockIn } from '../../../lib/zoned-time';
import { useAutoReply, useSaveAutoReply } from '../api/auto-reply';

type Mode = AutoReply['mode'];

/** The psychologist's auto-reply, which patients see before they write: away until a day, or working hours. */
export function AutoReplyCard() {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const current = useAutoReply();
  const save = useSaveAutoReply();
  const [mode, setMode] = useState<Mode>('OFF');
  const [until, setUntil] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!current.data) return;
    setMode(current.data.mode);
    setText(current.data.text);
    setUntil(current.data.awayUntil ? wallClockIn(new Date(current.data.awayUntil), zone).date : '');
  }, [current.data, zone]);

  if (current.isError) return <LoadError message={t('messages.autoReplyError')} onRetry={() => void current.refetch()} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Away until the end of the chosen day on the psychologist's own clock.
    const end = mode === 'AWAY' ? instantOfWall(until, '23:59', zone) : null;
    if (mode === 'AWAY' && !end) return setError(t('messages.awayUntilRequired'));
    save.mutate(
      { mode, awayUntil: end ? end.toISOString() : null, text },
      {
        onSuccess: () => notify.success(t('messages.autoReplySaved')),
        onError: () => notify.error(t('messages.autoReplySaveError')),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('messages.autoReply')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('messages.autoReplyHint')}
        </Text>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'OFF', label: t('messages.autoReplyOff') },
            { value: 'AWAY', label: t('messages.autoReplyAway') },
            { value: 'HOURS', label: t('messages.autoReplyHours') },
          ]}
          aria-label={t('messages.autoReply')}
        />
        {mode === 'AWAY' && (
          <TextInput
            type="date"
            label={t('messages.awayUntil')}
            value={until}
            error={error}
            onChange={(e) => {
              setUntil(e.currentTarget.value);
              setError(undefined);
            }}
          />
        )}
        {mode === 'HOURS' && (
          <Text size="sm" c="dimmed">
            {t('messages.autoReplyHoursHint')}
          </Text>
        )}
        {mode !== 'OFF' && (
          <Textarea
            label={t('messages.autoReplyText')}
            placeholder={t(mode === 'AWAY' ? 'messages.autoReplyAwayPlaceholder' : 'messages.autoReplyHoursPlaceholder')}
            maxLength={AUTO_REPLY_MAX_CHARS}
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={current.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
