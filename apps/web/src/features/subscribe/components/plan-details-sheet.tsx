// The phone's "See Plan Details" bottom sheet (spec 2 §2): the card's details in
// full and the way on. The shared Dialog sits at the bottom edge on small screens.
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import type { ProceedLabel } from '../lib/plan-actions.ts';
import type { PlanView } from '../lib/plan-view.ts';
import { PlanBullets, PlanPrice } from './plan-card.tsx';

interface PlanDetailsSheetProps {
  view: PlanView;
  label: ProceedLabel;
  onProceed: () => void;
  onClose: () => void;
}

export function PlanDetailsSheet({ view, label, onProceed, onClose }: PlanDetailsSheetProps) {
  return (
    <Dialog title={view.title} onClose={onClose}>
      {view.tagline && <p className="-mt-3 mb-4 text-sm text-ink-soft">{view.tagline}</p>}
      <PlanPrice view={view} />
      <PlanBullets view={view} className="mt-5" />
      <Button
        className="mt-6 w-full"
        disabled={label === 'Current Plan' || label === 'Loading...'}
        onClick={onProceed}
      >
        {label}
      </Button>
    </Dialog>
  );
}
