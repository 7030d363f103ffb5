// Toasts (spec 1 §9): short notices that close by themselves after 5000 ms or when
// dragged sideways by 80 percent of their width, drawn by react-toastify
// (docs/decisions/0006). They sit at the bottom centre, above any bar fixed at the
// foot of the screen (shared/hooks/use-bottom-bar.ts), where they cover none of the
// header's buttons (issue 25 part 6), and a screen's notices go when the reader
// leaves it (dismissStaleNotices, called by the app shell on navigation). Any
// screen or mutation calls `notify`; <AppToaster> is mounted once in the
// providers. react-toastify and its stylesheet are fetched with the first notice,
// so a reader who never sees one never downloads them; notices raised meanwhile
// wait in a queue.
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const TOAST_AUTO_CLOSE_MS = 5000;

export interface Notice {
  kind: 'success' | 'error' | 'info';
  message: string;
}

/**
 * A notice raised this shortly before a navigation announces the screen it leads
 * to ("Email updated successfully" on the way to the profile) and goes along; an
 * older one belonged to the screen being left and is dismissed.
 */
export const NOTICE_CARRY_MS = 1000;

/** The one toast a notice makes (the same notice twice is one toast). */
export const noticeId = ({ kind, message }: Notice) => `${kind}:${message}`;

export interface ToasterHandlers {
  show: (notice: Notice) => void;
  hide: (id: string) => void;
}

let waiting: Notice[] = [];
let handlers: ToasterHandlers | null = null;
let wanted = false;
const listeners = new Set<() => void>();
/** When each notice still possibly on screen was raised. */
const raisedAt = new Map<string, number>();

function raise(notice: Notice): void {
  raisedAt.set(noticeId(notice), Date.now());
  const show = handlers?.show;
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

/**
 * The reader moved to another screen: the notices of the screen left behind go
 * (a code-sent notice must not follow the reader to the next screen); one raised
 * within NOTICE_CARRY_MS goes along with the move.
 */
export function dismissStaleNotices(now = Date.now()): void {
  for (const [id, at] of raisedAt) {
    if (now - at < NOTICE_CARRY_MS) continue;
    raisedAt.delete(id);
    handlers?.hide(id);
    waiting = waiting.filter((notice) => noticeId(notice) !== id);
  }
}

/** The loaded toaster hands over how to show and hide a notice; returns its goodbye. */
export function toasterReady(ready: ToasterHandlers): () => void {
  handlers = ready;
  const queued = waiting;
  waiting = [];
  for (const notice of queued) ready.show(notice);
  return () => {
    if (handlers === ready) handlers = null;
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
