import { Group, NumberInput, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GROUP_DURATIONS, GROUP_REPEAT_DAYS_MAX, GROUP_SESSIONS_MAX } from '@rozmova/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../lib/zoned-time';
import type { CreateGroupValues } from '../create-group-values';
import { everyDaysOf, planSessions } from '../session-plan';
import { SessionPreview } from './session-preview';
import { WallTimeFields } from './wall-time-fields';

type Props = { form: UseFormReturnType<CreateGroupValues>; timeZone: string };

/** When the program meets: the first start on the psychologist's clock, the length, how many and how often; a preview. */
export function ScheduleFields({ form, timeZone }: Props) {
  const { t } = useTranslation();
  const lengthId = useId();
  const v = form.values;
  const count = Number(v.sessionCount);
  const everyDays = everyDaysOf(v.repeat, Number(v.repeatDays));
  const plannable =
    v.date &&
    /^\d{2}:\d{2}$/.test(v.time) &&
    count >= 1 &&
    count <= GROUP_SESSIONS_MAX &&
    everyDays >= 1 &&
    everyDays <= GROUP_REPEAT_DAYS_MAX;
  return (
    <Stack gap="md">
      <WallTimeFields
        date={v.date}
        time={v.time}
        onDate={(date) => form.setFieldValue('date', date)}
        onTime={(time) => form.setFieldValue('time', time)}
        timeZone={timeZone}
        minDate={todayIn(timeZone)}
        errors={{ date: form.errors.date as string | undefined, time: form.errors.time as string | undefined }}
        labels={{ date: t('groups.form.firstDate'), time: t('groups.form.startTime') }}
      />
      <div>
        <Text id={lengthId} size="sm" fw={500} mb={4}>
          {t('groups.form.length')}
        </Text>
        <SegmentedControl
          aria-labelledby={lengthId}
          data={GROUP_DURATIONS.map((m) => ({ value: String(m), label: t('groups.minutes', { minutes: m }) }))}
          {...form.getInputProps('durationMinutes')}
        />
      </div>
      <NumberInput
        label={t('groups.form.sessionCount')}
        description={t('groups.form.sessionCountRange', { max: GROUP_SESSIONS_MAX })}
        withAsterisk
        min={1}
        max={GROUP_SESSIONS_MAX}
        allowDecimal={false}
        allowNegative={false}
        maw={200}
        {...form.getInputProps('sessionCount')}
      />
      <Radio.Group label={t('groups.form.repeat')} {...form.getInputProps('repeat')}>
        <Group gap="md" mt={6} align="center">
          <Radio value="WEEKLY" label={t('groups.form.weekly')} />
          <Radio value="DAYS" label={t('groups.form.everyDays')} />
          {v.repeat === 'DAYS' && (
            <NumberInput
              aria-label={t('groups.form.repeatDays')}
              min={1}
              max={GROUP_REPEAT_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              w={90}
              rightSection={<Text size="xs">{t('groups.form.days')}</Text>}
              rightSectionWidth={44}
              {...form.getInputProps('repeatDays')}
            />
          )}
        </Group>
      </Radio.Group>
      {plannable && v.date ? (
        <SessionPreview
          sessions={planSessions({ date: v.date, time: v.time, timeZone, count, everyDays })}
          time={v.time}
          durationMinutes={Number(v.durationMinutes)}
          timeZone={timeZone}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('groups.preview.empty')}
        </Text>
      )}
    </Stack>
  );
}
