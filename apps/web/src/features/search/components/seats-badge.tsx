import { Badge } from '@mantine/core';
import type { PublicGroup } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

/** The patient's own membership, else the seats still free (the server never says who holds the others). */
export function SeatsBadge({ group }: { group: Pick<PublicGroup, 'member' | 'seatsLeft' | 'capacity'> }) {
  const { t } = useTranslation();
  if (group.member) {
    return (
      <Badge color="teal" variant="light" tt="none" miw="max-content">
        {t('groupSearch.member')}
      </Badge>
    );
  }
  const full = group.seatsLeft <= 0;
  return (
    <Badge color={full ? 'red' : 'blue'} variant="light" tt="none" miw="max-content">
      {full ? t('groupSearch.full') : t('groupSearch.seatsLeft', { count: group.seatsLeft, capacity: group.capacity })}
    </Badge>
  );
}
