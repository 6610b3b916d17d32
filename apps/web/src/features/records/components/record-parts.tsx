import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import type { ClinicalRecord, PrivacyLevel } from '@rozmova/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DownloadReportButton } from '../../../components/download-report-button';

const PRIVACY_COLORS: Record<PrivacyLevel, string> = {
  DOCTOR_ONLY: 'gray',
  DOCTOR_MANAGER: 'blue',
  DOCTOR_PATIENT_MANAGER: 'teal',
};

export const patientName = (t: TFunction, r: ClinicalRecord) =>
  r.patientId === null ? t('records.forMyself') : `${r.patientFirstName ?? ''} ${r.patientLastName ?? ''}`.trim();

export function PrivacyBadge({ level }: { level: PrivacyLevel }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={PRIVACY_COLORS[level]}
      variant="light"
      tt="none"
      // The label wraps rather than being cut: it is the whole point of the column.
      styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(`records.privacy.${level}`)}
    </Badge>
  );
}

export type RecordActionsProps = {
  onEdit: (record: ClinicalRecord) => void;
  onDelete: (record: ClinicalRecord) => void;
  /** The id of the note being deleted right now. */
  deletingId: number | null;
};

export function RecordActions({ record, onEdit, onDelete, deletingId }: RecordActionsProps & { record: ClinicalRecord }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {record.report && <DownloadReportButton record={record} />}
      <Tooltip label={t('records.edit')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('records.edit')} onClick={() => onEdit(record)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('records.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('records.delete')}
          loading={deletingId === record.id}
          onClick={() => onDelete(record)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
