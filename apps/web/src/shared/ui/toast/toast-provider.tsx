// Holds the visible toasts and draws them above everything else, so any screen or
// mutation can raise one without owning a place in the layout.
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToastCard } from './toast-card.tsx';
import { ToastContext, type Toast, type ToastApi, type ToastKind } from './toast-context.ts';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((kind: ToastKind, message: string) => {
    setToasts((current) => {
      // The same notice twice in a row (a double click, a retried request) is one notice.
      if (current.some((toast) => toast.kind === kind && toast.message === message)) return current;
      const id = nextId.current;
      nextId.current += 1;
      return [...current, { id, kind, message }];
    });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {createPortal(
        <section
          aria-label="Notifications"
          className="pointer-events-none fixed top-3 right-3 left-3 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
        >
          {toasts.map((toast) => (
            <ToastCard key={toast.id} toast={toast} onClose={dismiss} />
          ))}
        </section>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}
