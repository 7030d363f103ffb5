// One plan in the grid (spec 2 §2 "Subscribe page"). Its price block and bullets
// are shared with the details sheet that phones open from the info icon.
import { useId } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { CheckIcon, InfoIcon } from '../../../shared/ui/icons.tsx';
import type { CardLabel } from '../lib/plan-actions.ts';
import type { PlanView } from '../lib/plan-view.ts';

export function PlanPrice({ view }: { view: PlanView }) {
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold text-ink">{view.price}</span>
        <span className="text-sm text-ink-soft">/ {view.duration}</span>
      </p>
      {view.mrp && (
        <p className="mt-1 flex items-center gap-2 text-sm">
          <s className="text-ink-soft">{view.mrp.price}</s>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-700">
            {view.mrp.saving}
          </span>
        </p>
      )}
    </div>
  );
}

export function PlanBullets({ view, className = '' }: { view: PlanView; className?: string }) {
  if (view.bullets.length === 0) return null;
  return (
    <ul className={`space-y-2 text-sm text-ink ${className}`}>
      {view.bullets.map((bullet) => (
        <li key={bullet} className="flex gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <span>{bullet}</span>
        </li>
      ))}
    </ul>
  );
}

interface PlanCardProps {
  view: PlanView;
  label: CardLabel;
  onChoose: () => void;
  onDetails: () => void;
}

export function PlanCard({ view, label, onChoose, onDetails }: PlanCardProps) {
  const titleId = useId();
  const selected = label === 'Selected';
  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm transition-shadow ${
        selected ? 'ring-2 ring-brand' : 'ring-1 ring-ink/10'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          {view.badges.length > 0 && (
            <ul aria-label="Highlights" className="mb-2 flex flex-wrap gap-1.5">
              {view.badges.map((badge) => (
                <li
                  key={badge}
                  className="rounded-full bg-accent/20 px-2.5 py-0.5 text-xs font-bold tracking-wide text-brand"
                >
                  {badge}
                </li>
              ))}
            </ul>
          )}
          <h2 id={titleId} className="font-serif text-xl font-bold text-brand">
            {view.title}
          </h2>
          {view.tagline && <p className="mt-1 text-sm text-ink-soft">{view.tagline}</p>}
        </div>
        <button
          type="button"
          onClick={onDetails}
          aria-label="See Plan Details"
          title="See Plan Details"
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-brand md:hidden"
        >
          <InfoIcon />
        </button>
      </div>
      <PlanPrice view={view} />
      {/* Phones read the bullets in the details sheet, so the grid stays short. */}
      <PlanBullets view={view} className="hidden md:block" />
      <Button
        variant={selected ? 'secondary' : 'primary'}
        className="mt-auto w-full"
        aria-pressed={label === 'Current Plan' ? undefined : selected}
        disabled={label === 'Current Plan'}
        onClick={onChoose}
      >
        {label}
      </Button>
    </article>
  );
}
