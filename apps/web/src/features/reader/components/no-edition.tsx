// Shown in place of the page when a date has no edition (spec 1 §2 popups, §8).
// A holiday notice from the publisher explains why, when there is one.
import { MESSAGES } from '@folio/core';
import { formatLongDate } from '../../../shared/lib/display-dates.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { NewspaperIcon } from '../../../shared/ui/icons.tsx';

interface NoEditionProps {
  date: string;
  editionName: string | undefined;
  holidayMessage: string | null | undefined;
  onChooseDate: () => void;
  onToday: () => void;
}

export function NoEdition({
  date,
  editionName,
  holidayMessage,
  onChooseDate,
  onToday,
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
        {MESSAGES.noEditionAvailable}
      </h2>
      <p className="text-sm text-ink-soft">
        {editionName ? `${editionName}, ` : ''}
        {formatLongDate(date)}
      </p>
      {holidayMessage && (
        <p className="rounded-lg bg-accent/15 px-4 py-3 text-sm text-ink">{holidayMessage}</p>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={onChooseDate}>
          Choose Another Date
        </Button>
        <Button onClick={onToday}>Go To Today's Edition</Button>
      </div>
    </section>
  );
}
