import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import {
  type CrisisResource,
  flagsSelfHarm,
  INSTRUMENT_DEFINITIONS,
  INSTRUMENTS,
  type Instrument,
  instrumentSchema,
} from '@rozmova/contract';
import { IconCircleCheck, IconLanguage } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { usePatientMeasures } from '../../entities/measure/patient-measures';
import { notify } from '../../lib/notify';
import { useSubmitMeasure } from './api/submit-measure';
import { CrisisHelp } from './components/crisis-help';
import { QuestionnaireForm } from './components/questionnaire-form';

/**
 * /patient/measures: the PHQ-9 and GAD-7, one after the other (those asked for now, or the one in `?instrument=`, or
 * both). A PHQ-9 sent with thoughts of self-harm shows where to get help at once, and the server's answer fills in the
 * numbers of the patient's country; they stay here while that answer is recent (the server says so on every load).
 */
export default function MeasuresPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const own = usePatientMeasures();
  const submit = useSubmitMeasure();
  const [done, setDone] = useState<Instrument[]>([]);
  const [flagged, setFlagged] = useState(false);
  const [posted, setPosted] = useState<CrisisResource[] | null>(null);
  const [lastScore, setLastScore] = useState<string | null>(null);
  const queue = useRef<Instrument[] | null>(null);

  if (own.isPending) return <PageLoader />;
  if (own.isError) return <LoadError message={t('measures.saveError')} onRetry={() => void own.refetch()} />;
  const asked = instrumentSchema.safeParse(params.get('instrument'));
  // Chosen once, so that saving one questionnaire (which reloads the prompt) does not reorder the rest.
  queue.current ??= asked.success ? [asked.data] : (own.data.prompt?.instruments ?? [...INSTRUMENTS]);
  const order = queue.current;
  const current = order.find((i) => !done.includes(i));
  const crisis = own.data.crisis;

  const send = (instrument: Instrument, answers: number[]) => {
    if (flagsSelfHarm(instrument, answers)) setFlagged(true);
    submit.mutate(
      { instrument, answers },
      {
        onSuccess: (saved) => {
          setDone((d) => [...d, instrument]);
          if (saved.crisisResources) setPosted(saved.crisisResources);
          setLastScore(
            t('measures.lastScore', {
              score: saved.score,
              max: INSTRUMENT_DEFINITIONS[instrument].maxScore,
              band: t(`measures.bands.${saved.band}`),
            }),
          );
          notify.success(t('measures.saved'));
          window.scrollTo({ top: 0 });
        },
        onError: () => notify.error(t('measures.saveError')),
      },
    );
  };

  return (
    <Stack gap="lg" maw={820}>
      <Title order={1} size="h2">
        {t('measures.title')}
      </Title>
      {(flagged || crisis) && <CrisisHelp country={crisis?.country ?? null} resources={crisis?.resources ?? posted ?? []} />}
      <Text c="dimmed">{t('measures.intro')}</Text>
      {t('measures.translation.status') === 'notValidated' && (
        <Alert color="yellow" variant="light" icon={<IconLanguage size={18} />} data-testid="translation-not-validated">
          {t('measures.translation.notValidated')}
        </Alert>
      )}
      {lastScore && <Text fw={600}>{lastScore}</Text>}
      {current ? (
        <QuestionnaireForm
          key={current}
          instrument={current}
          pending={submit.isPending}
          onSubmit={(answers) => send(current, answers)}
        />
      ) : (
        <Card withBorder padding="lg">
          <Stack align="flex-start" gap="sm">
            <Text fw={600}>
              <IconCircleCheck size={18} style={{ verticalAlign: 'text-bottom' }} /> {t('measures.done')}
            </Text>
            <Button component={Link} to="/dashboard" variant="light">
              {t('measures.back')}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
