// Why a field cannot be edited, as a tooltip on a lock: shown on hover and on
// keyboard focus, and announced as the lock's description.
import { useId } from 'react';
import { LockIcon } from '../../../shared/ui/icons.tsx';

export function LockedHint({ reason }: { reason: string }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        role="img"
        aria-label="Locked"
        aria-describedby={tipId}
        className="flex size-9 items-center justify-center rounded-full text-ink-soft"
      >
        <LockIcon width={18} height={18} />
      </span>
      <span
        id={tipId}
        role="tooltip"
        className="invisible absolute right-0 bottom-full z-10 mb-2 w-56 rounded-md bg-ink px-3 py-2 text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {reason}
      </span>
    </span>
  );
}
