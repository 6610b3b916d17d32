import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type DayOfWeek, SLOT_DURATIONS } from '@rozmova/contract';
import { IconBriefcase, IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { changeDuration, type DayPlan, fillWorkingHours, gridStarts, isWorkingStart, toggleStart } from './schedule-model';
import { SlotSection } from './slot-section';

type Props = { day: DayOfWeek; plan: DayPlan; onChange: (plan: DayPlan) => void };

/** The slot editor of one weekday: slot length, quick actions, and the day's slots by part of the day. */
export function DayEditor({ day, plan, onChange }: Props) {
  const { t } = useTranslation();
  const starts = gridStarts(plan.duration);
  const chosen = new Set(plan.starts);
  const workingFrom = starts.findIndex(isWorkingStart);
  const workingTo = starts.findLastIndex(isWorkingStart) + 1;
  const toggle = (start: number) => onChange(toggleStart(plan, start));

  const setDuration = (value: string) => {
    const { day: next, dropped } = changeDuration(plan, value);
    onChange(next);
    if (dropped > 0) notify.info(t('scheduleSettings.slotsDropped'));
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`duration-${day}`}>
            {t('scheduleSettings.duration')}
          </Text>
          <SegmentedControl
            aria-labelledby={`duration-${day}`}
            value={String(plan.duration)}
            onChange={setDuration}
            data={SLOT_DURATIONS.map((d) => ({ value: String(d), label: t('scheduleSettings.minutes', { value: d }) }))}
          />
        </Stack>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconBriefcase size={16} />} onClick={() => onChange(fillWorkingHours(plan))}>
            {t('scheduleSettings.fillWorkingHours')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEraser size={16} />}
            disabled={plan.starts.length === 0}
            onClick={() => onChange({ ...plan, starts: [] })}
          >
            {t('scheduleSettings.clearDay')}
          </Button>
        </Group>
      </Group>
      <SlotSection
        title={t('scheduleSettings.morning')}
        starts={starts.slice(0, workingFrom)}
        chosen={chosen}
        duration={plan.duration}
        onToggle={toggle}
      />
      <SlotSection
        title={t('scheduleSettings.workingHours')}
        starts={starts.slice(workingFrom, workingTo)}
        chosen={chosen}
        duration={plan.duration}
        highlighted
        onToggle={toggle}
      />
      <SlotSection
        title={t('scheduleSettings.evening')}
        starts={starts.slice(workingTo)}
        chosen={chosen}
        duration={plan.duration}
        onToggle={toggle}
      />
    </Stack>
  );
}
