import { Badge } from '@mantine/core';
import type { GroupProgram } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

/** A program's status: running or ended. */
export function StatusBadge({ status }: { status: GroupProgram['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'ACTIVE' ? 'teal' : 'gray'} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {t(`groups.status.${status}`)}
    </Badge>
  );
}
