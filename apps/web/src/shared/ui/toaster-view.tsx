// react-toastify's container in the house look; fetched with the first notice
// (toaster.tsx). The unstyled entry injects no <style> (CSP style-src 'self'); its
// stylesheet comes as a file, in Tailwind's components layer (toaster-view.css).
import './toaster-view.css';
import { useEffect } from 'react';
import { Slide, toast, ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import { CloseIcon } from './icons.tsx';
import { noticeId, TOAST_AUTO_CLOSE_MS, toasterReady, type Notice } from './toaster.tsx';

const SPOKEN_KIND: Record<Notice['kind'], string> = {
  success: 'Success',
  error: 'Error',
  info: 'Information',
};

const BORDER: Record<Notice['kind'], string> = {
  success: 'border-emerald-600',
  error: 'border-red-600',
  info: 'border-sky-600',
};

// min-h-0, mb-0 and font-sans undo the library's min-height, margin and font; mt-3.5
// spaces the stacked toasts, so the lowest stands just clear of the bottom.
const TOAST =
  'pointer-events-auto mt-3.5 mb-0 flex min-h-0 w-full items-start gap-3 overflow-hidden rounded-lg border-l-4 bg-white py-3 pr-2 pl-3 font-sans text-sm text-ink shadow-lg ring-1 ring-ink/10 select-none';

// react-toastify starts a toast's timer when its entry animation ends (Slide: the
// stylesheet's 500 ms), so the toast starts leaving TOAST_AUTO_CLOSE_MS after it appears.
const ENTRY_MS = 500;

function show(notice: Notice): void {
  const { kind, message } = notice;
  // The notice is its own id: the same notice twice in a row (a double click, a
  // retried request) stays one toast.
  toast[kind](
    <div className="flex-1 py-0.5 leading-snug">
      <span className="sr-only">{SPOKEN_KIND[kind]}: </span>
      {message}
    </div>,
    { toastId: noticeId(notice), className: `${TOAST} ${BORDER[kind]}` },
  );
}

const hide = (id: string) => toast.dismiss(id);

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Close notification"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      className="order-last flex size-7 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink"
    >
      <CloseIcon width={16} height={16} />
    </button>
  );
}

export default function ToasterView() {
  // Runs after the container's own effect has subscribed, so no notice is lost.
  useEffect(() => toasterReady({ show, hide }), []);
  return (
    <ToastContainer
      // Bottom centre, above any bar at the foot (toaster-view.css): clear of the
      // header's buttons and of the screen's own controls (issue 25 part 6).
      position="bottom-center"
      autoClose={TOAST_AUTO_CLOSE_MS - ENTRY_MS}
      // The timer runs on the progress bar's CSS animation; hidden, the bar is
      // still there (opacity 0) and still closes the toast when its animation ends.
      hideProgressBar
      draggable
      draggableDirection="x"
      draggablePercent={80}
      newestOnTop
      transition={Slide}
      icon={false}
      closeButton={CloseButton}
      // Only the toasts take the pointer, not the gaps between them.
      className="pointer-events-none"
      aria-label="Notifications"
      // The region above is the polite live region; a role="alert" on each toast
      // would announce it twice and shout success notices.
      role={undefined}
    />
  );
}
