// Toasts (spec 1 §9): short notices in the top-right corner that close by
// themselves after 5000 ms or when dragged sideways 80 percent of their width.
import { createContext, useContext } from 'react';

export const TOAST_AUTO_CLOSE_MS = 5000;
/** A drag that covers this share of the toast's width dismisses it. */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
