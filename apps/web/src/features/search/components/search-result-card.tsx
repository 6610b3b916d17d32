import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AvailableSlot, DoctorSearchBody, DoctorSearchPageItem } from '@rozmova/contract';
import { IconChevronDown, IconChevronUp, IconId } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotDays } from '../../../components/slot-days';
import { useDoctorSlots } from '../../../entities/psychologist/slots';

type Props = {
  doctor: DoctorSearchPageItem;
  search: DoctorSearchBody;
  onInfo: (doctor: DoctorSearchPageItem) => void;
  onBook: (doctor: DoctorSearchPageItem, slot: AvailableSlot) => void;
};

/** A psychologist found by the search, with their nearest free slots by day; opening them loads every free slot in the range. */
export function SearchResultCard({ doctor, search, onInfo, onBook }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const full = useDoctorSlots(search, doctor.id, open);
  const name = `${doctor.firstName} ${doctor.lastName}`;
  const hasMore = doctor.freeSlotCount > doctor.availableSlots.length;
  const slots = open && full.data ? (full.data[0]?.availableSlots ?? []) : doctor.availableSlots;
  return (
    <Card withBorder padding="lg" component="article" aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Avatar name={name} color="initials" size="lg" />
            <div style={{ minWidth: 0 }}>
              <Group gap="xs" align="center">
                <Title order={3} size="h4">
                  {name}
                </Title>
                <Badge variant="light" size="sm">
                  {t('doctorSearch.freeSlotCount', { count: doctor.freeSlotCount })}
                </Badge>
              </Group>
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
        <SlotDays slots={slots} doctorZone={doctor.timeZone} onBook={(slot) => onBook(doctor, slot)} />
        {open && full.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('doctorSearch.slotsError')}
          </Text>
        ) : null}
        {hasMore || open ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              aria-expanded={open}
              loading={open && full.isPending}
              leftSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('doctorSearch.showFewerSlots') : t('doctorSearch.showAllSlotsCount', { count: doctor.freeSlotCount })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
