// The popup every screen uses (spec 1 §2 "Popups"), on the browser's own modal
// <dialog> (docs/decisions/0006): showModal() keeps focus inside, makes the page
// behind inert, answers Escape (only the topmost popup does) and gives focus back
// on close. The page behind stops scrolling through the rule in styles.css. The
// side menu (spec 1 §2 "Side menu") is the same modal, drawn as a panel at the
// screen's right edge, under the header's menu button.
import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';

interface DialogProps {
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** A popup: a sheet from the bottom on a phone, a centred box from 640 px up; or a side panel. */
  placement?: 'popup' | 'side';
}

const BOX = {
  popup:
    'fixed inset-x-0 top-auto bottom-0 m-0 max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl sm:inset-0 sm:m-auto sm:h-fit sm:max-w-md sm:rounded-2xl',
  side: 'fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,88vw)] max-w-none overflow-y-auto',
} as const;

/** Open while mounted: the caller shows it by rendering it and closes it by not. */
export function Dialog({ onClose, title, children, placement = 'popup' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect, so close() runs while the element is still in the page and the
  // browser can hand focus back to whatever opened the popup.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  // The dialog box is all padding-free inner panel, so a click whose target is the
  // <dialog> itself landed on the dimmed page around it.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdropClick}
      className={`${BOX[placement]} bg-white shadow-2xl outline-none backdrop:bg-ink/55`}
    >
      <div className="relative p-6">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink"
        >
          <CloseIcon />
        </button>
        <h2 id={titleId} className="pr-10 font-serif text-xl font-bold text-brand">
          {title}
        </h2>
        <div className="mt-5">{children}</div>
      </div>
    </dialog>,
    document.body,
  );
}
