import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { CrisisHelp } from '@rozmova/contract';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Dialled without the spaces it is written with. */
const tel = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

/** Beside every composer: messages are not a crisis line, and where help is now in the patient's country. */
export function EmergencyNotice({ crisis }: { crisis: CrisisHelp | null }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="orange" icon={<IconLifebuoy size={20} />} role="note" data-testid="emergency-notice">
      <Text size="sm" fw={600}>
        {t('messages.notForEmergencies')}
      </Text>
      {crisis && (
        <>
          <Text size="sm" mt={4}>
            {t('messages.crisisFor', { country: t(`messages.countries.${crisis.country}`) })}
          </Text>
          <Group gap="md" mt={4} data-testid="crisis-resources">
            {crisis.resources.map((r) =>
              r.phone ? (
                <Anchor key={r.name} href={tel(r.phone)} size="sm">
                  {r.name}: {r.phone}
                </Anchor>
              ) : (
                r.url && (
                  <Anchor key={r.name} href={r.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {r.name}
                  </Anchor>
                )
              ),
            )}
          </Group>
        </>
      )}
    </Alert>
  );
}
