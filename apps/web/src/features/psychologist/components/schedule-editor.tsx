import { Badge, Box, Button, Card, Group, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { DAYS_OF_WEEK, type DayOfWeek } from '@rozmova/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleFormNotice } from '../../../components/stale-notice';
import { notify } from '../../../lib/notify';
import { isStale } from '../../../lib/stale';
import { useStaleReload } from '../../../lib/use-stale-reload';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { type SavedWeek, scheduleQuery } from '../api/get-schedule';
import { useSaveSchedule } from '../api/save-schedule';
import { DayEditor } from './day-editor';
import { type DayPlan, planFromSchedule, samePlan, scheduleFromPlan, slotLabel, type WeekPlan } from './schedule-model';

/**
 * The week as tabs per day (each with its count of chosen slots) and one save for the whole week. A save refused
 * because the week was saved elsewhere keeps the chosen slots; reloading makes the fresh week the one a discard
 * returns to and the next save is based on, takes the days saved elsewhere that were left alone, and lists them.
 */
export function ScheduleEditor({ saved }: { saved: SavedWeek }) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const queryClient = useQueryClient();
  const [etag, setEtag] = useState(saved.etag);
  const [baseline, setBaseline] = useState<WeekPlan>(() => planFromSchedule(saved.week));
  const [plan, setPlan] = useState<WeekPlan>(baseline);
  const [active, setActive] = useState<DayOfWeek>('MONDAY');
  const dirty = !samePlan(plan, baseline);
  useUnsavedChanges(dirty);
  const { stale, refuse, clear } = useStaleReload({
    read: baseline,
    typed: plan,
    load: async () => {
      const fresh = await queryClient.fetchQuery({ ...scheduleQuery, staleTime: 0 });
      setEtag(fresh.etag);
      return planFromSchedule(fresh.week);
    },
    apply: (merged, fresh) => {
      setBaseline(fresh);
      setPlan(merged);
    },
  });

  const submit = () => {
    const week = scheduleFromPlan(plan);
    save.mutate(
      { week, etag },
      {
        onSuccess: (answer) => {
          setEtag(answer.etag);
          setBaseline(plan);
          clear();
          notify.success(t('scheduleSettings.saveSuccess'));
        },
        onError: (err) => (isStale(err) ? refuse() : notify.error(t('scheduleSettings.errorMessage'))),
      },
    );
  };

  const total = DAYS_OF_WEEK.reduce((n, d) => n + plan[d].starts.length, 0);

  return (
    <Card withBorder padding="lg">
      <Tabs value={active} onChange={(v) => v && setActive(v as DayOfWeek)} keepMounted={false}>
        <Tabs.List mb="md">
          {DAYS_OF_WEEK.map((day) => {
            const count = plan[day].starts.length;
            return (
              // Named by what it shows, the full day and the count spelt out for screen readers: voice control
              // users say what they see.
              <Tabs.Tab
                key={day}
                value={day}
                rightSection={
                  <Badge size="sm" circle={count < 10} variant={count ? 'filled' : 'light'} color={count ? 'teal' : 'gray'}>
                    {count}
                    <VisuallyHidden> {t('scheduleSettings.selectedSlots')}</VisuallyHidden>
                  </Badge>
                }
              >
                {t(`scheduleSettings.daysShort.${day}`)}
                <VisuallyHidden> ({t(`scheduleSettings.days.${day}`)})</VisuallyHidden>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {DAYS_OF_WEEK.map((day) => (
          <Tabs.Panel key={day} value={day}>
            <DayEditor day={day} plan={plan[day]} onChange={(next) => setPlan((p) => ({ ...p, [day]: next }))} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Box mt="lg">
        <StaleFormNotice
          stale={stale}
          texts="scheduleSettings.days"
          format={(_day, value) => {
            const { starts, duration } = value as DayPlan;
            return starts.length ? starts.map((s) => slotLabel(s, duration)).join(', ') : t('scheduleSettings.noSlots');
          }}
        />
      </Box>
      <Group justify="space-between" mt="lg">
        <Text size="sm" c="dimmed" aria-live="polite">
          {dirty ? t('scheduleSettings.unsaved') : t('scheduleSettings.weekTotal', { total })}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setPlan(baseline);
              clear();
            }}
          >
            {t('scheduleSettings.discard')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!dirty} leftSection={<IconDeviceFloppy size={18} />}>
            {t('scheduleSettings.save')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
