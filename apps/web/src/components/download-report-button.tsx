import { ActionIcon, Tooltip } from '@mantine/core';
import type { ClinicalRecord } from '@rozmova/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/notify';
import { downloadReportPdf } from '../lib/report-pdf';

/** A report note's PDF, fetched with the session and handed to the browser as a download. */
export function DownloadReportButton({ record }: { record: Pick<ClinicalRecord, 'id' | 'report'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadReportPdf(record)
      .catch((err) => notify.error(errorText(t, err, 'records.downloadError')))
      .finally(() => setBusy(false));
  };
  return (
    <Tooltip label={t('records.downloadPdf')}>
      <ActionIcon variant="subtle" size="lg" aria-label={t('records.downloadPdf')} loading={busy} onClick={download}>
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
