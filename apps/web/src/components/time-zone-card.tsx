import { Button, Card, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { useMe, useSetTimeZone } from '../lib/me';
import { notify } from '../lib/notify';
import { browserTimeZone, sameZone, zoneLabel, zoneOptions } from '../lib/time-zones';
import { LoadError } from './load-error';
import { LoadingSkeleton } from './loading-skeleton';

/** The zone the account's times are shown in, on every profile screen: saved as soon as another one is picked. */
export function TimeZoneCard() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSetTimeZone();
  const current = me.data?.timeZone;
  // The whole list only once it is opened: labelling every zone is too slow for the screen's first render.
  const [listed, setListed] = useState(false);
  const options = useMemo(() => (listed ? zoneOptions(current) : current ? [zoneLabel(current)] : []), [listed, current]);
  const device = browserTimeZone();

  if (me.isPending) return <LoadingSkeleton height={150} radius="lg" />;
  if (me.isError) return <LoadError message={t('timeZone.loadError')} onRetry={() => void me.refetch()} />;

  const choose = (timeZone: string | null) => {
    if (!timeZone || timeZone === me.data.timeZone) return;
    save.mutate(
      { timeZone },
      {
        onSuccess: () => notify.success(t('timeZone.saved')),
        onError: (err) => notify.error(errorText(t, err, 'timeZone.saveError')),
      },
    );
  };

  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('timeZone.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('timeZone.hint')}
        </Text>
        <Select
          label={t('timeZone.label')}
          placeholder={t('timeZone.placeholder')}
          data={options}
          value={me.data.timeZone}
          onChange={choose}
          onDropdownOpen={() => setListed(true)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('timeZone.nothingFound')}
          leftSection={<IconWorld size={18} />}
          rightSection={save.isPending ? <Loader size="xs" /> : undefined}
          disabled={save.isPending}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
        />
        {device && !sameZone(device, me.data.timeZone) && (
          <Button variant="subtle" size="compact-sm" onClick={() => choose(device)} disabled={save.isPending}>
            {t('timeZone.useBrowser', { zone: device.replaceAll('_', ' ') })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
