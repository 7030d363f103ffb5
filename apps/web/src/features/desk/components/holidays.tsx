// Holidays without SQL (issue 26 part 11): the day and the message readers see
// that day; readers see a change at once (the server answers from the table).
import { useId, useState, type FormEvent } from 'react';
import type { BrandCode } from '@folio/core';
import { MAX_HOLIDAY_MESSAGE } from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

export function Holidays({ brand }: { brand: BrandCode }) {
  const holidays = useHolidays(brand);
  const add = useAddHoliday(brand);
  const remove = useRemoveHoliday(brand);
  const [date, setDate] = useState('');
  const [message, setMessage] = useState('');
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { date, message },
      {
        onSuccess: () => {
          setDate('');
          setMessage('');
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Add a holiday">
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-date`}>
          Date
          <input
            id={`${ids}-date`}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className={inputClasses}
          />
        </label>
        <label
          className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold"
          htmlFor={`${ids}-message`}
        >
          Message readers see
          <input
            id={`${ids}-message`}
            required
            maxLength={MAX_HOLIDAY_MESSAGE}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={inputClasses}
          />
        </label>
        <Button type="submit" disabled={add.isPending || !date || !message.trim()}>
          Add holiday
        </Button>
      </form>
      {add.error && (
        <p role="alert" className="text-sm text-red-700">
          {add.error.message}
        </p>
      )}
      {holidays.data && holidays.data.holidays.length === 0 && (
        <p className="text-ink-soft">No holidays from last week on.</p>
      )}
      <ul className="divide-y divide-ink/10">
        {holidays.data?.holidays.map((holiday) => (
          <li key={holiday.date} className="flex items-center justify-between gap-4 py-2">
            <span>
              <span className="font-mono">{holiday.date}</span> — {holiday.message}
            </span>
            <Button
              variant="secondary"
              onClick={() => remove.mutate(holiday.date)}
              disabled={remove.isPending}
              aria-label={`Remove the holiday on ${holiday.date}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
