import { Card, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { CRISIS_COUNTRIES, type CrisisCountry, crisisCountrySchema, type PatientProfile } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSetCrisisCountry } from '../api/set-crisis-country';

/** Stands for "no choice": the country follows the time zone. */
const FROM_ZONE = 'zone';

/** The country whose crisis lines the patient is shown; saved as soon as another is picked. */
export function CrisisCountryCard({ profile }: { profile: PatientProfile }) {
  const { t } = useTranslation();
  const save = useSetCrisisCountry();
  const name = (c: CrisisCountry) => t(`measures.crisis.countries.${c}`);
  const zoneCountry = profile.country === null ? profile.crisisCountry : null;
  const data = [
    {
      value: FROM_ZONE,
      label: t('patientProfile.crisisCountry.followZone', { country: zoneCountry ? name(zoneCountry) : '…' }),
    },
    ...CRISIS_COUNTRIES.map((c) => ({ value: c, label: name(c) })),
  ];
  const choose = (value: string | null) => {
    const country = value === FROM_ZONE ? null : (crisisCountrySchema.safeParse(value).data ?? null);
    if (value === null || country === profile.country) return;
    save.mutate(
      { country },
      {
        onSuccess: () => notify.success(t('patientProfile.crisisCountry.saved')),
        onError: () => notify.error(t('patientProfile.crisisCountry.saveError')),
      },
    );
  };
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('patientProfile.crisisCountry.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('patientProfile.crisisCountry.hint')}
        </Text>
        <Select
          label={t('patientProfile.crisisCountry.label')}
          data={data}
          value={profile.country ?? FROM_ZONE}
          onChange={choose}
          allowDeselect={false}
          disabled={save.isPending}
          rightSection={save.isPending ? <Loader size="xs" /> : undefined}
          maw={420}
          comboboxProps={{ withinPortal: true }}
          data-testid="crisis-country"
        />
      </Stack>
    </Card>
  );
}
