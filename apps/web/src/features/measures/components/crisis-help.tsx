import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import type { CrisisCountry, CrisisResource } from '@rozmova/contract';
import { IconLifebuoy, IconPhone, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Dialled without the spaces it is written with. */
const tel = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

/**
 * Where to get help now, shown while a recent PHQ-9 tells of thoughts of self-harm: the emergency number and crisis
 * line of the patient's country, as the server answers them (none yet while the answer is on its way).
 */
export function CrisisHelp({ country, resources }: { country: CrisisCountry | null; resources: CrisisResource[] }) {
  const { t } = useTranslation();
  const line = (r: CrisisResource) =>
    r.phone ? t('measures.crisis.line', { name: r.name, phone: r.phone }) : t('measures.crisis.lineWeb', { name: r.name });
  const emergency = (r: CrisisResource) =>
    t(country === 'INTL' ? 'measures.crisis.emergencyIntl' : 'measures.crisis.emergency', { phone: r.phone });
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      icon={<IconLifebuoy size={22} />}
      title={t('measures.crisis.title')}
      data-testid="crisis-help"
    >
      <Stack gap="sm">
        <Text size="sm">{t('measures.crisis.text')}</Text>
        {country && (
          <Text size="sm" fw={600} data-testid="crisis-country">
            {t('measures.crisis.forCountry', { country: t(`measures.crisis.countries.${country}`) })}
          </Text>
        )}
        <List size="sm" spacing={4}>
          {resources.map((r) => (
            <List.Item key={r.name}>{r.kind === 'EMERGENCY' ? emergency(r) : line(r)}</List.Item>
          ))}
        </List>
        <Group gap="xs">
          {resources.map((r) =>
            r.phone ? (
              <Button
                key={r.name}
                component="a"
                href={tel(r.phone)}
                color={r.kind === 'EMERGENCY' ? 'white' : 'red'}
                variant={r.kind === 'EMERGENCY' ? 'outline' : 'white'}
                leftSection={<IconPhone size={16} />}
              >
                {t('measures.crisis.call', { phone: r.phone })}
              </Button>
            ) : (
              r.url && (
                <Button
                  key={r.name}
                  component="a"
                  href={r.url}
                  target="_blank"
                  rel="noreferrer"
                  color="red"
                  variant="white"
                  leftSection={<IconWorld size={16} />}
                >
                  {t('measures.crisis.open', { name: r.name })}
                </Button>
              )
            ),
          )}
        </Group>
        <Text size="sm">{t('measures.crisis.psychologist')}</Text>
        <Anchor component={Link} to="/patient/profile" c="white" size="sm" underline="always">
          {t('measures.crisis.elsewhere')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
