// Shown in place of the page when a date has no edition (spec 1 §2 popups, §4
// "Missing-edition logic", §8), in three variants:
// - today (or a later date): today's edition is not out yet, or there is none
//   today. "Check Out Archives" opens the calendar; "View Yesterday's Edition"
//   selects the day before.
// - a past date inside the subscriber's archive: the archive has no edition then.
// - any other past date: "No Edition Available".
// The past-date variants offer "Choose Another Date" and "Go To Today's Edition".
// A holiday notice from the publisher explains why, when there is one.
import { MESSAGES } from '@folio/core';
import { formatLongDate } from '../../../shared/lib/display-dates.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { NewspaperIcon } from '../../../shared/ui/icons.tsx';

export type MissingEditionVariant = 'today' | 'archive' | 'date';

export interface NoEditionProps {
  variant: MissingEditionVariant;
  date: string;
  editionName: string | undefined;
  holidayMessage: string | null | undefined;
  onChooseDate: () => void;
  onToday: () => void;
  onYesterday: () => void;
}

const TITLES: Record<MissingEditionVariant, string> = {
  today: "Today's Edition Is Not Available",
  archive: 'Not In The Archive',
  date: MESSAGES.noEditionAvailable,
};

export function NoEdition({
  variant,
  date,
  editionName,
  holidayMessage,
  onChooseDate,
  onToday,
  onYesterday,
}: NoEditionProps) {
  return (
    <section
      aria-labelledby="no-edition-title"
      className="mx-auto mt-6 flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-ink/5"
    >
      <span className="grid size-14 place-items-center rounded-full bg-brand/10 text-brand">
        <NewspaperIcon width={28} height={28} />
      </span>
      <h2 id="no-edition-title" className="font-serif text-2xl font-bold text-ink">
        {TITLES[variant]}
      </h2>
      <p className="text-sm text-ink-soft">
        {editionName ? `${editionName}, ` : ''}
        {formatLongDate(date)}
      </p>
      {variant === 'today' && !holidayMessage && (
        <p className="text-sm text-ink">
          The day&apos;s paper comes out from 6:30 AM. Meanwhile, read yesterday&apos;s edition or
          the archives.
        </p>
      )}
      {variant === 'archive' && (
        <p className="text-sm text-ink">
          The archive has no edition of this paper on that day. Pick another day.
        </p>
      )}
      {holidayMessage && (
        <p className="rounded-lg bg-accent/15 px-4 py-3 text-sm text-ink">{holidayMessage}</p>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {variant === 'today' ? (
          <>
            <Button variant="secondary" onClick={onChooseDate}>
              Check Out Archives
            </Button>
            <Button onClick={onYesterday}>View Yesterday&apos;s Edition</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onChooseDate}>
              Choose Another Date
            </Button>
            <Button onClick={onToday}>Go To Today&apos;s Edition</Button>
          </>
        )}
      </div>
    </section>
  );
}
