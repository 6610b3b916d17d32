import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatTime } from '@rozmova/contract';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useAddScheduleException } from '../api/add-schedule-exception';
import { calendarLabels } from './calendar-labels';
import { ExceptionFormCard } from './exception-form-card';
import { checkSlot, type FormFailure, failureOf, minutesOf, SLOT_STARTS, slotEnds } from './exception-model';

/** The end once the start moves: the slot keeps its length when that still fits, else takes the shortest. */
const endFor = (previous: { start: string; end: string }, start: string) => {
  const ends = slotEnds(start);
  const kept = formatTime(minutesOf(start) + minutesOf(previous.end) - minutesOf(previous.start));
  return ends.includes(kept) ? kept : ends[0];
};

/** Adds one slot on a date, outside the weekly schedule, shaped like the weekly slots. */
export function ExtraSlotForm({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('11:00');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const errorOf = (input: FormFailure['input']) => (failure?.input === input ? t(failure.key, failure.values) : undefined);
  const add = useAddScheduleException();

  const submit = () => {
    const checked = checkSlot(date, start, end);
    if (!checked.ok) return setFailure(checked.failure);
    setFailure(null);
    add.mutate(checked.body, {
      onSuccess: () => {
        notify.success(t('scheduleExceptions.slot.added'));
        setDate(null);
      },
      onError: (err) => setFailure(failureOf(err)),
    });
  };

  return (
    <ExceptionFormCard title={t('scheduleExceptions.slot.title')} hint={t('scheduleExceptions.slot.hint')} onSubmit={submit}>
      <DatePickerInput
        label={t('scheduleExceptions.slot.date')}
        placeholder={t('scheduleExceptions.slot.placeholder')}
        leftSection={<IconCalendarPlus size={18} />}
        locale={i18n.language}
        valueFormat={dateFormat(i18n.language)}
        ariaLabels={calendarLabels(t)}
        minDate={today}
        value={date}
        error={errorOf('date')}
        onChange={(next) => {
          setDate(next);
          setFailure(null);
        }}
      />
      <Group grow align="flex-start">
        <NativeSelect
          label={t('scheduleExceptions.slot.start')}
          data={SLOT_STARTS}
          value={start}
          error={errorOf('start')}
          onChange={(e) => {
            setStart(e.currentTarget.value);
            setEnd(endFor({ start, end }, e.currentTarget.value));
            setFailure(null);
          }}
        />
        <NativeSelect
          label={t('scheduleExceptions.slot.end')}
          data={slotEnds(start)}
          value={end}
          error={errorOf('end')}
          onChange={(e) => {
            setEnd(e.currentTarget.value);
            setFailure(null);
          }}
        />
      </Group>
      {failure && failure.input === null ? (
        <Text size="sm" c="red" role="alert">
          {errorOf(null)}
        </Text>
      ) : null}
      <Button
        type="submit"
        loading={add.isPending}
        leftSection={<IconCalendarPlus size={18} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('scheduleExceptions.slot.submit')}
      </Button>
    </ExceptionFormCard>
  );
}
