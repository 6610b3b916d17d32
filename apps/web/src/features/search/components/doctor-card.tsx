import { Avatar, Button, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { AvailableSlot, DoctorSearchResult } from '@rozmova/contract';
import { IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SlotDays } from './slot-days';

type Props = {
  doctor: DoctorSearchResult;
  onInfo: (doctor: DoctorSearchResult) => void;
  onBook: (doctor: DoctorSearchResult, slot: AvailableSlot) => void;
};

export function DoctorCard({ doctor, onInfo, onBook }: Props) {
  const { t } = useTranslation();
  const name = `${doctor.firstName} ${doctor.lastName}`;
  return (
    <Card withBorder padding="lg" component="article" aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Avatar name={name} color="initials" size="lg" />
            <div style={{ minWidth: 0 }}>
              <Title order={3} size="h4">
                {name}
              </Title>
              {doctor.description ? (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {doctor.description}
                </Text>
              ) : null}
            </div>
          </Group>
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            leftSection={<IconId size={16} />}
            onClick={() => onInfo(doctor)}
          >
            {t('doctorSearch.doctorInfo')}
          </Button>
        </Group>
        <Spoiler maxHeight={260} showLabel={t('doctorSearch.showAllSlots')} hideLabel={t('doctorSearch.showFewerSlots')}>
          <SlotDays slots={doctor.availableSlots} onBook={(slot) => onBook(doctor, slot)} />
        </Spoiler>
      </Stack>
    </Card>
  );
}
