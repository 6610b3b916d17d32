import { ActionIcon, Tooltip } from '@mantine/core';
import type { ClinicalRecord } from '@rozmova/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/notify';
import { downloadReportPdf } from '../lib/report-pdf';

type ReportRecord = Pick<ClinicalRecord, 'id' | 'report'>;

/** Downloads a report note's PDF (fetched with the session), telling the user in `errorKey`'s words when it fails. */
export function useReportDownload(record: ReportRecord, errorKey: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadReportPdf(record)
      .catch((err) => notify.error(errorText(t, err, errorKey)))
      .finally(() => setBusy(false));
  };
  return { busy, download };
}

/** A report note's PDF as an icon button, for lists of notes. */
export function DownloadReportButton({ record }: { record: ReportRecord }) {
  const { t } = useTranslation();
  const { busy, download } = useReportDownload(record, 'records.downloadError');
  return (
    <Tooltip label={t('records.downloadPdf')}>
      <ActionIcon variant="subtle" size="lg" aria-label={t('records.downloadPdf')} loading={busy} onClick={download}>
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
