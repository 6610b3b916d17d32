import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useFormatInstant } from '../../../lib/zoned-time';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

/** Every signed-in device of the account: what it is, where from, since when; any other one can be signed out. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const format = useFormatInstant();

  let body: React.ReactNode;
  if (sessions.isPending) body = <LoadingSkeleton height={120} radius="md" />;
  else if (sessions.isError) body = <LoadError message={t('security.sessionsError')} onRetry={() => void sessions.refetch()} />;
  else
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.data.map((s) => (
          <Card key={s.id} component="li" withBorder radius="md" padding="sm" data-testid="session-item">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {[s.browser, s.system].filter(Boolean).join(' · ') || t('security.unknownDevice')}
                  </Text>
                  {s.current && (
                    <Badge size="sm" variant="light" color="teal">
                      {t('security.thisDevice')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('security.seen', { first: format(s.firstSeen), last: format(s.lastSeen) })}
                </Text>
                {s.network && (
                  <Text size="xs" c="dimmed">
                    {t('security.network', { network: s.network })}
                  </Text>
                )}
              </Stack>
              {!s.current && (
                <Button
                  size="xs"
                  variant="default"
                  loading={end.isPending && end.variables === s.id}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () => notify.success(t('security.ended')),
                      onError: (err) => notify.error(errorText(t, err, 'error.generic')),
                    })
                  }
                >
                  {t('security.signOut')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    );

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconDevices size={20} />
            <Title order={3} size="h4">
              {t('security.sessionsTitle')}
            </Title>
          </Group>
          {others > 0 && (
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ ended }) => notify.success(t('security.endedOthers', { count: ended })),
                  onError: (err) => notify.error(errorText(t, err, 'error.generic')),
                })
              }
            >
              {t('security.signOutOthers')}
            </Button>
          )}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
