// Shown in place of the page when a date has no edition (spec 1 §2 popups, §4
// "Missing-edition logic", §8). Each case (lib/missing-variant.ts) is one statement:
// the edition being prepared, the publisher's holiday notice alone, today's not
// out, a future date, a date before the archive, a day the archive has no edition
// of, or the spec's "No Edition Available". Today's and later dates offer "Check
// Out Archives" (the calendar) and "View Yesterday's Edition"; past dates "Choose
// Another Date" and "Go To Today's Edition".
import { ARCHIVE_START, formatDisplayDate, MESSAGES } from '@folio/core';
import { Button } from '../../../shared/ui/button.tsx';
import { NewspaperIcon } from '../../../shared/ui/icons.tsx';
import type { MissingCase, MissingEditionVariant } from '../lib/missing-variant.ts';

export interface NoEditionProps {
  variant: MissingEditionVariant;
  notice: MissingCase;
  date: string;
  editionName: string | undefined;
  holidayMessage: string | null | undefined;
  /** When the day's paper comes out, as readers read it ("6:30 AM"). */
  releaseTime: string;
  onChooseDate: () => void;
  onToday: () => void;
  onYesterday: () => void;
}

/** The case's one statement: a title and, where the title needs it, one sentence. */
function statement(
  notice: MissingCase,
  holidayMessage: string | null | undefined,
  releaseTime: string,
): { title: string; text?: string } {
  switch (notice) {
    case 'preparing':
      return {
        title: 'This edition is still being prepared.',
        text: 'It will appear in a moment.',
      };
    case 'holiday':
      return { title: holidayMessage ?? MESSAGES.noEditionAvailable };
    case 'today':
      return {
        title: "Today's Edition Is Not Available",
        text: `The day's paper comes out from ${releaseTime}. Meanwhile, read yesterday's edition or the archives.`,
      };
    case 'future':
      return {
        title: 'This Edition Is Not Out Yet',
        text: `Each day's paper comes out that day from ${releaseTime}.`,
      };
    case 'before-archive':
      return {
        title: MESSAGES.noEditionAvailable,
        text: `The archive starts on ${formatDisplayDate(ARCHIVE_START)}.`,
      };
    case 'archive':
      return {
        title: 'No Edition That Day',
        text: 'The archive has no edition of this paper on that day. Pick another day.',
      };
    case 'date':
      return { title: MESSAGES.noEditionAvailable };
  }
}

export function NoEdition({
  variant,
  notice,
  date,
  editionName,
  holidayMessage,
  releaseTime,
  onChooseDate,
  onToday,
  onYesterday,
}: NoEditionProps) {
  const { title, text } = statement(notice, holidayMessage, releaseTime);
  // The preparing notice gives way to the page by itself: screen readers hear the change.
  const live = notice === 'preparing' ? 'polite' : undefined;
  return (
    <section
      aria-labelledby="no-edition-title"
      aria-live={live}
      className="mx-auto mt-6 flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-ink/5"
    >
      <span className="grid size-14 place-items-center rounded-full bg-brand/10 text-brand">
        <NewspaperIcon width={28} height={28} />
      </span>
      <h2 id="no-edition-title" className="font-serif text-2xl font-bold text-ink">
        {title}
      </h2>
      <p className="text-sm text-ink-soft">
        {editionName ? `${editionName}, ` : ''}
        {formatDisplayDate(date)}
      </p>
      {text && <p className="text-sm text-ink">{text}</p>}
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
