import { Button } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { dateFormat, useFormatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useAddScheduleException } from '../api/add-schedule-exception';
import { useAskBlockAnyway } from './block-conflict';
import { calendarLabels } from './calendar-labels';
import { ExceptionFormCard } from './exception-form-card';
import { type BlockBody, checkBlock, type DateRange, type FormFailure, failureOf } from './exception-model';

/** Blocks one date or a range; when sessions fall on them, lists them and asks before blocking anyway. */
export function BlockDatesForm({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const [range, setRange] = useState<DateRange>([null, null]);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const add = useAddScheduleException();
  const blockAnyway = useAskBlockAnyway();

  const send = (body: BlockBody) =>
    add.mutate(body, {
      onSuccess: () => {
        notify.success(t('scheduleExceptions.block.added'));
        setRange([null, null]);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'HAS_APPOINTMENTS') {
          blockAnyway.ask(err, () => send({ ...body, confirm: true }));
          return;
        }
        setFailure(failureOf(err));
      },
    });

  const submit = () => {
    const checked = checkBlock(range);
    if (checked.ok) send(checked.body);
    else setFailure(checked.failure);
  };

  return (
    <ExceptionFormCard title={t('scheduleExceptions.block.title')} hint={t('scheduleExceptions.block.hint')} onSubmit={submit}>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('scheduleExceptions.block.dates')}
        placeholder={t('scheduleExceptions.block.placeholder')}
        leftSection={<IconCalendarOff size={18} />}
        locale={i18n.language}
        valueFormat={dateFormat(i18n.language)}
        valueFormatter={({ date }) => {
          const [start, end] = date as DateRange;
          if (!start) return '';
          // One click picks that day (a second one, later, makes it a range).
          if (!end || end === start) return formatDate(start);
          return t('scheduleExceptions.dateRange', { start: formatDate(start), end: formatDate(end) });
        }}
        ariaLabels={calendarLabels(t)}
        minDate={today}
        value={range}
        error={failure ? t(failure.key, failure.values) : null}
        onChange={(next) => {
          // Closing the calendar after one click drops a half-made range: that click picked a single day.
          const [start, end] = range;
          const dropped = next[0] === null && next[1] === null && start !== null && end === null;
          setRange(dropped ? [start, start] : next);
          setFailure(null);
        }}
      />
      <Button
        type="submit"
        loading={add.isPending}
        leftSection={<IconCalendarOff size={18} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('scheduleExceptions.block.submit')}
      </Button>
    </ExceptionFormCard>
  );
}
