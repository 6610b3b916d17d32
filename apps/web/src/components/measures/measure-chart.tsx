import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { INSTRUMENT_DEFINITIONS, type Instrument, type Measure } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatInstant, useViewerZone, zoneAbbr } from '../../lib/zoned-time';
import { BAND_COLORS } from './band-colors';

/** One instrument's scores over time, drawn over its severity bands (each a shaded strip with its name). */
export function MeasureChart({ instrument, measures }: { instrument: Instrument; measures: Measure[] }) {
  const { t } = useTranslation();
  const { i18n } = useTranslation();
  const formatInstant = useFormatInstant();
  const timeZone = useViewerZone();
  const def = INSTRUMENT_DEFINITIONS[instrument];
  const data = measures.map((m) => ({ when: formatInstant(m.createdAt, 'stamp', { zone: false }), score: m.score }));
  const last = measures.at(-1);
  // The axis's times are on the viewer's clock; its label names that zone once.
  const zone = last ? zoneAbbr(timeZone, new Date(last.createdAt), i18n.language) : '';
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="when"
      xAxisLabel={t('measures.chart.timesIn', { zone })}
      series={[{ name: 'score', label: t('measures.chart.score'), color: 'blue.4' }]}
      yAxisProps={{ domain: [0, def.maxScore], ticks: [0, ...def.bands.slice(1).map((b) => b.min), def.maxScore] }}
      referenceAreas={def.bands.map((b) => ({
        y1: b.min === 0 ? 0 : b.min - 0.5,
        y2: b.max === def.maxScore ? def.maxScore : b.max + 0.5,
        color: BAND_COLORS[b.band],
        fillOpacity: 0.12,
        label: t(`measures.bands.${b.band}`),
        labelPosition: 'insideTopRight',
        ifOverflow: 'hidden',
      }))}
      curveType="linear"
      withDots
      strokeWidth={2}
      aria-label={t('measures.chart.scoreOverTime', { name: t(`measures.instruments.${instrument}.name`) })}
    />
  );
}
