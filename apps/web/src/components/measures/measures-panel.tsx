import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { flagsSelfHarm, INSTRUMENT_DEFINITIONS, INSTRUMENTS, type Instrument, type Measure } from '@rozmova/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../lib/zoned-time';
import { LoadError } from '../load-error';
import { LoadingSkeleton } from '../loading-skeleton';
import { BAND_COLORS } from './band-colors';
import { LatestAnswers } from './latest-answers';
import { MeasureChart } from './measure-chart';

/**
 * A patient's questionnaires for the people who care for them (the treating psychologist's patient view, the
 * manager's dashboard): per instrument, the scores over time over the severity bands and the latest answers. The
 * chart library comes with this module only, which those screens load lazily.
 */
export default function MeasuresPanel({ query }: { query: UseQueryResult<Measure[]> }) {
  const { t } = useTranslation();
  const title = t('measures.chart.title');
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingSkeleton height={220} />;
  else if (query.isError) body = <LoadError message={t('measures.chart.loadError')} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <Text c="dimmed">{t('measures.chart.empty')}</Text>;
  else {
    const data = query.data;
    body = INSTRUMENTS.map((instrument) => (
      <InstrumentCard key={instrument} instrument={instrument} measures={data.filter((m) => m.instrument === instrument)} />
    ));
  }
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {body}
    </Stack>
  );
}

function InstrumentCard({ instrument, measures }: { instrument: Instrument; measures: Measure[] }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const name = t(`measures.instruments.${instrument}.name`);
  const latest = measures.at(-1);
  return (
    <Card withBorder padding="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            {name} · {t(`measures.instruments.${instrument}.about`)}
          </Text>
          {latest && (
            <Badge color={BAND_COLORS[latest.band]} variant="light" size="lg">
              {t('measures.chart.scoreOf', { score: latest.score, max: INSTRUMENT_DEFINITIONS[instrument].maxScore })} ·{' '}
              {t(`measures.bands.${latest.band}`)}
            </Badge>
          )}
        </Group>
        {latest ? (
          <>
            <MeasureChart instrument={instrument} measures={measures} />
            {flagsSelfHarm(latest.instrument, latest.answers) && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={t('measures.chart.selfHarmFlag')}
              />
            )}
            <Text size="sm" fw={600}>
              {t('measures.chart.latest', { date: formatInstant(latest.createdAt, 'stamp') })}
            </Text>
            <LatestAnswers measure={latest} />
          </>
        ) : (
          <Text c="dimmed" size="sm">
            {t('measures.chart.empty')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
