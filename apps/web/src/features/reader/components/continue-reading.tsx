// "Continue where you left off": the offer of the place a signed-in reader's
// account holds, shown at the foot of the reader while the reader has arrived
// somewhere else (hooks/use-left-off.ts).
import { Link } from 'react-router';
import { readerHref, type PagePlace } from '../../../shared/lib/reader-links.ts';
import { buttonClasses } from '../../../shared/ui/button.tsx';

export function ContinueReading({
  place,
  editionName,
}: {
  place: PagePlace;
  editionName: string | undefined;
}) {
  return (
    <div className="pointer-events-none mb-2 flex justify-center px-3">
      <Link
        to={readerHref(place)}
        onClick={() => window.scrollTo({ top: 0 })}
        className={`${buttonClasses()} pointer-events-auto min-w-0 shadow-lg`}
      >
        <span className="truncate">
          Continue where you left off · {editionName ? `${editionName}, ` : ''}page {place.page + 1}
        </span>
      </Link>
    </div>
  );
}
