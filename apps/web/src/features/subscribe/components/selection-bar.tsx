// The sticky footer bar that appears once a plan is selected (spec 2 §2).
import { useRef } from 'react';
import { useBottomBar } from '../../../shared/hooks/use-bottom-bar.ts';
import { Button } from '../../../shared/ui/button.tsx';
import type { ProceedLabel } from '../lib/plan-actions.ts';
import type { PlanView } from '../lib/plan-view.ts';

interface SelectionBarProps {
  view: PlanView;
  label: ProceedLabel;
  onProceed: () => void;
}

export function SelectionBar({ view, label, onProceed }: SelectionBarProps) {
  const bar = useRef<HTMLElement>(null);
  useBottomBar(bar);
  return (
    <section
      ref={bar}
      aria-label="Selected plan"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-ink/10 bg-white/95 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{view.title}</p>
          <p className="text-sm text-ink-soft">
            {view.price} / {view.duration}
          </p>
        </div>
        <Button
          className="shrink-0"
          disabled={label === 'Current Plan' || label === 'Loading...'}
          onClick={onProceed}
        >
          {label}
        </Button>
      </div>
    </section>
  );
}
