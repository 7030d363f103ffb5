// One toast. Errors are announced at once (role alert), other notices politely
// (role status). The countdown pauses while the pointer or focus is on the toast
// or while it is being dragged, so nobody loses a message they are reading.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CloseIcon } from '../icons.tsx';
import {
  TOAST_AUTO_CLOSE_MS,
  TOAST_DRAG_DISMISS_RATIO,
  type Toast,
  type ToastKind,
} from './toast-context.ts';

const TONE: Record<ToastKind, { bar: string; label: string }> = {
  success: { bar: 'bg-emerald-600', label: 'Success' },
  error: { bar: 'bg-red-600', label: 'Error' },
  info: { bar: 'bg-sky-600', label: 'Information' },
};

interface ToastCardProps {
  toast: Toast;
  onClose: (id: number) => void;
}

interface Drag {
  pointerId: number;
  startX: number;
  width: number;
}

export function ToastCard({ toast, onClose }: ToastCardProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [drag, setDrag] = useState<Drag | null>(null);
  const remaining = useRef(TOAST_AUTO_CLOSE_MS);
  const paused = hovered || focused || drag !== null;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onClose(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, onClose, toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target instanceof Element && event.target.closest('button')))
      return;
    setDrag({
      pointerId: event.pointerId,
      startX: event.clientX,
      width: event.currentTarget.getBoundingClientRect().width,
    });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setOffset(0);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.pointerId !== event.pointerId) return;
    setOffset(event.clientX - drag.startX);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.pointerId !== event.pointerId) return;
    setDrag(null);
    const travelled = Math.abs(event.clientX - drag.startX);
    if (drag.width > 0 && travelled >= drag.width * TOAST_DRAG_DISMISS_RATIO) {
      onClose(toast.id);
      return;
    }
    setOffset(0);
  };

  const tone = TONE[toast.kind];
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: drag?.width ? Math.max(0.2, 1 - Math.abs(offset) / drag.width) : undefined,
      }}
      className={`pointer-events-auto flex w-full touch-pan-y items-start gap-3 overflow-hidden rounded-lg bg-white py-3 pr-2 pl-0 text-sm text-ink shadow-lg ring-1 ring-ink/10 select-none ${
        drag ? '' : 'transition-transform duration-200'
      }`}
    >
      <span aria-hidden="true" className={`w-1 self-stretch rounded-r ${tone.bar}`} />
      <p className="flex-1 py-0.5 leading-snug">
        <span className="sr-only">{tone.label}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        aria-label="Close notification"
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink"
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
