import { Badge, Button, Card, Group, Tabs, Text } from '@mantine/core';
import { DAYS_OF_WEEK, type DayOfWeek, type Schedule } from '@rozmova/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSaveSchedule } from '../api/save-schedule';
import { DayEditor } from './day-editor';
import { planFromSchedule, samePlan, scheduleFromPlan, type WeekPlan } from './schedule-model';

/** The week as tabs per day (each with its count of chosen slots) and one save for the whole week. */
export function ScheduleEditor({ saved }: { saved: Schedule }) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const [baseline, setBaseline] = useState<WeekPlan>(() => planFromSchedule(saved));
  const [plan, setPlan] = useState<WeekPlan>(baseline);
  const [active, setActive] = useState<DayOfWeek>('MONDAY');
  const dirty = !samePlan(plan, baseline);
  useUnsavedChanges(dirty);

  const submit = () => {
    const week = scheduleFromPlan(plan);
    save.mutate(week, {
      onSuccess: () => {
        setBaseline(plan);
        notify.success(t('scheduleSettings.saveSuccess'));
      },
      onError: () => notify.error(t('scheduleSettings.errorMessage')),
    });
  };

  const total = DAYS_OF_WEEK.reduce((n, d) => n + plan[d].starts.length, 0);

  return (
    <Card withBorder padding="lg">
      <Tabs value={active} onChange={(v) => v && setActive(v as DayOfWeek)} keepMounted={false}>
        <Tabs.List mb="md">
          {DAYS_OF_WEEK.map((day) => {
            const count = plan[day].starts.length;
            return (
              <Tabs.Tab
                key={day}
                value={day}
                aria-label={t('scheduleSettings.dayTab', { day: t(`scheduleSettings.days.${day}`), n: count })}
                rightSection={
                  <Badge size="sm" circle={count < 10} variant={count ? 'filled' : 'light'} color={count ? 'teal' : 'gray'}>
                    {count}
                  </Badge>
                }
              >
                {t(`scheduleSettings.daysShort.${day}`)}
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
