import { Card, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallSettings, useSaveCallSettings } from '../entities/psychologist/call-settings';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/notify';
import { LoadError } from './load-error';
import { LoadingSkeleton } from './loading-skeleton';

/** The psychologist's call settings on their profile: a waiting room for one-to-one sessions, saved when flipped. */
export function CallSettingsCard() {
  const { t } = useTranslation();
  const settings = useCallSettings();
  const save = useSaveCallSettings();

  if (settings.isPending) return <LoadingSkeleton height={120} radius="lg" />;
  if (settings.isError) {
    return <LoadError message={t('video.settings.loadError')} onRetry={() => void settings.refetch()} />;
  }
  const shown = save.isPending ? save.variables : settings.data;
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('video.settings.title')}
        </Title>
        <Switch
          label={t('video.settings.waitingRoom')}
          description={t('video.settings.waitingRoomHint')}
          checked={shown.waitingRoom}
          onChange={(e) =>
            save.mutate(
              { waitingRoom: e.currentTarget.checked },
              {
                onSuccess: () => notify.success(t('video.settings.saved')),
                onError: (err) => notify.error(errorText(t, err, 'video.settings.saveError')),
              },
            )
          }
          styles={{ track: { overflow: 'visible' } }}
        />
      </Stack>
    </Card>
  );
}
