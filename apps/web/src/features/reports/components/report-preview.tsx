import { Alert, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type ReportPreview as Preview,
  REPORT_SESSION_OUTCOMES,
  type ReportSessionOutcome,
  type ReportTrend,
} from '@rozmova/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { type Period, useReportPreview } from '../api/report-preview';

const COLORS: Record<ReportSessionOutcome, string> = {
  ATTENDED: 'teal',
  CANCELED: 'gray',
  NOT_ATTENDED: 'red',
  UPCOMING: 'blue',
};

function Trend({ trend }: { trend: ReportTrend }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const name = t(`reports.instruments.${trend.instrument}`);
  if (!trend.first || !trend.last) return <Text size="sm">{t('reports.preview.notFilled', { name })}</Text>;
  const score = (s: NonNullable<ReportTrend['first']>) =>
    t('reports.preview.score', { score: s.score, band: t(`measures.bands.${s.band}`), date: formatDate(s.date) });
  return (
    <Text size="sm">
      <Text span fw={600}>
        {name}:
      </Text>{' '}
      {trend.count === 1 ? score(trend.first) : `${score(trend.first)} → ${score(trend.last)}`} ·{' '}
      {t('reports.preview.filled', { count: trend.count })}
    </Text>
  );
}

function Content({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Stack gap="xs">
      <Title order={4}>{t('reports.preview.sessions')}</Title>
      <Group gap="xs">
        {REPORT_SESSION_OUTCOMES.map((o) => (
          <Badge key={o} color={COLORS[o]} variant="light">
            {t(`reports.outcomes.${o}`)}: {preview.counts[o] ?? 0}
          </Badge>
        ))}
      </Group>
      {preview.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.preview.noSessions')}
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={t('reports.preview.sessions')}>
          {preview.sessions.map((s) => (
            <List.Item key={s.id}>
              {formatDate(s.date)}, {s.startTime}–{s.endTime} — {t(`reports.outcomes.${s.outcome}`)}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        {t('reports.preview.zone', { zone: preview.timeZone })}
      </Text>
      <Title order={4}>{t('reports.preview.measures')}</Title>
      {preview.measures.map((m) => (
        <Trend key={m.instrument} trend={m} />
      ))}
    </Stack>
  );
}

/** What the report will hold, shown before it is written. */
export function ReportPreviewPanel({ period }: { period: Period | null }) {
  const { t } = useTranslation();
  const preview = useReportPreview(period);
  return (
    <Paper withBorder p="sm" aria-label={t('reports.preview.title')} component="section">
      {!period && (
        <Text size="sm" c="dimmed">
          {t('reports.preview.choose')}
        </Text>
      )}
      {period && preview.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {period && preview.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {t('reports.errors.preview')}
        </Alert>
      )}
      {period && preview.data && <Content preview={preview.data} />}
    </Paper>
  );
}
