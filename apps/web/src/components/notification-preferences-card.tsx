import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationPreferences } from '@rozmova/contract';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../entities/account/notification-preferences';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/notify';
import { hasRole, useSession } from '../lib/session';
import { LoadError } from './load-error';
import { LoadingSkeleton } from './loading-skeleton';

const SWITCHES = [
  { key: 'reminderMails', label: 'notificationPrefs.reminderMails', hint: 'notificationPrefs.reminderMailsHint' },
  { key: 'changeMails', label: 'notificationPrefs.changeMails', hint: 'notificationPrefs.changeMailsHint' },
] as const satisfies { key: keyof NotificationPreferences; label: string; hint: string }[];

/** Which mails the account gets, on every profile screen: each switch is saved as soon as it is flipped. */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const session = useSession();
  const patient = hasRole(session, 'PATIENT');
  const psychologist = hasRole(session, 'PSYCHOLOGIST');

  if (prefs.isPending) return <LoadingSkeleton height={190} radius="lg" />;
  if (prefs.isError) return <LoadError message={t('notificationPrefs.loadError')} onRetry={() => void prefs.refetch()} />;

  // While a change is saved the switch shows it; a failure puts the saved state back.
  const shown = save.isPending ? save.variables : prefs.data;
  const flip = (key: keyof NotificationPreferences, on: boolean) =>
    save.mutate(
      { ...shown, [key]: on },
      {
        onSuccess: () => notify.success(t('notificationPrefs.saved')),
        onError: (err) => notify.error(errorText(t, err, 'notificationPrefs.saveError')),
      },
    );

  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('notificationPrefs.title')}
        </Title>
        {SWITCHES.map((s) => (
          <Switch
            key={s.key}
            label={t(s.label)}
            description={t(s.hint)}
            checked={shown[s.key]}
            onChange={(e) => flip(s.key, e.currentTarget.checked)}
            // The track clips an empty spacer for on/off labels, which we do not use; nothing of it shows either way.
            styles={{ track: { overflow: 'visible' } }}
          />
        ))}
        <Text size="sm" c="dimmed">
          <IconMail size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {t(
            patient
              ? 'notificationPrefs.alwaysSentPatient'
              : psychologist
                ? 'notificationPrefs.alwaysSentPsychologist'
                : 'notificationPrefs.alwaysSent',
          )}
        </Text>
      </Stack>
    </Card>
  );
}
