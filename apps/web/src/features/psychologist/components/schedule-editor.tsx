import { Badge, Box, Button, Card, Group, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { DAYS_OF_WEEK, type DayOfWeek } from '@rozmova/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleFormNotice } from '../../../components/stale-notice';
import { notify } from '../../../lib/notify';
import { isStale } from '../../../lib/stale';
import type { StaleState } from '../../../lib/use-saved-form';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { type SavedWeek, scheduleQuery } from '../api/get-schedule';
import { useSaveSchedule } from '../api/save-schedule';
import { DayEditor } from './day-editor';
import { planFromSchedule, samePlan, scheduleFromPlan, type WeekPlan } from './schedule-model';

/**
 * The week as tabs per day (each with its count of chosen slots) and one save for the whole week. A save refused
 * because the week was saved elsewhere keeps the chosen slots; reloading makes the fresh week the one a discard
 * returns to and the next save is based on.
 */
export function ScheduleEditor({ saved }: { saved: SavedWeek }) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const queryClient = useQueryClient();
  const [etag, setEtag] = useState(saved.etag);
  const [staleState, setStaleState] = useState<StaleState['state']>(null);
  const [reloading, setReloading] = useState(false);
  const [baseline, setBaseline] = useState<WeekPlan>(() => planFromSchedule(saved.week));
  const [plan, setPlan] = useState<WeekPlan>(baseline);
  const [active, setActive] = useState<DayOfWeek>('MONDAY');
  const dirty = !samePlan(plan, baseline);
  useUnsavedChanges(dirty);

  const submit = () => {
    const week = scheduleFromPlan(plan);
    save.mutate(
      { week, etag },
      {
        onSuccess: (answer) => {
          setEtag(answer.etag);
          setBaseline(plan);
          setStaleState(null);
          notify.success(t('scheduleSettings.saveSuccess'));
        },
        onError: (err) => (isStale(err) ? setStaleState('refused') : notify.error(t('scheduleSettings.errorMessage'))),
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...scheduleQuery, staleTime: 0 });
      setEtag(fresh.etag);
      setBaseline(planFromSchedule(fresh.week));
      setStaleState('reloaded');
    } catch {
      notify.error(t('stale.reloadError'));
    } finally {
      setReloading(false);
    }
  };
  const stale: StaleState = { state: staleState, reloading, reload: () => void reload() };

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
        <StaleFormNotice stale={stale} />
      </Box>
      <Group justify="space-between" mt="lg">
        <Text size="sm" c="dimmed" aria-live="polite">
          {dirty ? t('scheduleSettings.unsaved') : t('scheduleSettings.weekTotal', { total })}
        </Text>
        <Group gap="xs">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setPlan(baseline)}>
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
