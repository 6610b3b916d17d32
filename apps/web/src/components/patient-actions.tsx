import { Button, Group } from '@mantine/core';
import { IconFileAnalytics, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openReport } from '../lib/report-opener';

type Props = {
  patientId: number;
  name: string;
  /** Where focus goes when the report closes, when this button will be gone by then (it sits in a closing modal). */
  reportOpener?: () => HTMLElement | null;
  /** Called as the report opens, for a modal around these buttons to close first. */
  onReport?: () => void;
};

/** A psychologist's two actions about the patient on screen: a report about them, and their conversation. */
export function PatientActions({ patientId, name, reportOpener, onReport }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFileAnalytics size={16} />}
        aria-label={t('reports.forPatient.createFor', { name })}
        onClick={(event) => {
          const opener = reportOpener ? reportOpener() : event.currentTarget;
          onReport?.();
          openReport({ patientId, opener });
        }}
      >
        {t('reports.forPatient.create')}
      </Button>
      <Button
        component={Link}
        to={`/messages?to=${patientId}`}
        size="xs"
        variant="light"
        leftSection={<IconMessage size={16} />}
        aria-label={t('reports.forPatient.messageTo', { name })}
      >
        {t('reports.forPatient.message')}
      </Button>
    </Group>
  );
}
