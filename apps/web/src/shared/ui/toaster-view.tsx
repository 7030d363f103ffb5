// sonner's Toaster in the house look; fetched with the first notice (toaster.tsx).
import 'sonner/dist/styles.css';
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { CloseIcon } from './icons.tsx';
import { TOAST_AUTO_CLOSE_MS, toasterReady, type Notice } from './toaster.tsx';

const SPOKEN_KIND: Record<Notice['kind'], string> = {
  success: 'Success',
  error: 'Error',
  info: 'Information',
};

function show({ kind, message }: Notice): void {
  // The notice is its own id: the same notice twice in a row (a double click, a
  // retried request) stays one toast.
  toast[kind](
    <>
      <span className="sr-only">{SPOKEN_KIND[kind]}: </span>
      {message}
    </>,
    { id: `${kind}:${message}` },
  );
}

const TOAST =
  'pointer-events-auto flex w-full items-start gap-3 overflow-hidden rounded-lg border-l-4 bg-white py-3 pr-2 pl-3 text-sm text-ink shadow-lg ring-1 ring-ink/10 select-none';

export default function ToasterView() {
  // Runs after the Toaster's own effect has subscribed, so no notice is lost.
  useEffect(() => toasterReady(show), []);
  return (
    <Toaster
      position="top-right"
      duration={TOAST_AUTO_CLOSE_MS}
      offset={12}
      mobileOffset={12}
      closeButton
      containerAriaLabel="Notifications"
      icons={{
        success: null,
        error: null,
        info: null,
        close: <CloseIcon width={16} height={16} />,
      }}
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: 'Close notification',
        classNames: {
          toast: TOAST,
          success: 'border-emerald-600',
          error: 'border-red-600',
          info: 'border-sky-600',
          content: 'flex-1 py-0.5 leading-snug',
          closeButton:
            'order-last flex size-7 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink',
        },
      }}
    />
  );
}
