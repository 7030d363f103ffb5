// Toasts (spec 1 §9): short notices in the top-right corner that close by
// themselves after 5000 ms or when dragged sideways by 80 percent of their width,
// drawn by react-toastify (docs/decisions/0006). Any screen or mutation calls
// `notify`; <AppToaster> is mounted once in the providers. react-toastify and its
// stylesheet are fetched with the first notice, so a reader who never sees one
// never downloads them; notices raised meanwhile wait in a queue.
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const TOAST_AUTO_CLOSE_MS = 5000;

export interface Notice {
  kind: 'success' | 'error' | 'info';
  message: string;
}

let waiting: Notice[] = [];
let show: ((notice: Notice) => void) | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function raise(notice: Notice): void {
  if (show) {
    show(notice);
    return;
  }
  waiting.push(notice);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const notify = {
  success: (message: string) => raise({ kind: 'success', message }),
  error: (message: string) => raise({ kind: 'error', message }),
  info: (message: string) => raise({ kind: 'info', message }),
};

/** The loaded toaster hands over how to show a notice; returns its goodbye. */
export function toasterReady(handler: (notice: Notice) => void): () => void {
  show = handler;
  const queued = waiting;
  waiting = [];
  for (const notice of queued) handler(notice);
  return () => {
    if (show === handler) show = null;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const ToasterView = lazy(() => import('./toaster-view.tsx'));

export function AppToaster() {
  const needed = useSyncExternalStore(subscribe, () => wanted);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
