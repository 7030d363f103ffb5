// One edition of one date on the board (issue 26 parts 7, 8, 10): the pages
// received, where it stands and why, the processing report, and the editor's
// actions: release now (the gate reads it again), release despite the gate with a
// written reason, hold it until a later time on its date, unpublish.
import { useId, useState, type FormEvent } from 'react';
import type { BrandCode } from '@folio/core';
import { MAX_OVERRIDE_REASON } from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import { useEditionDay, useRelease } from '../api.ts';
import { PublishedPages } from './zoning.tsx';

interface Props {
  brand: BrandCode;
  editionNumber: number;
  editionName: string;
  date: string;
  onClose: () => void;
}

export function EditionDay({ brand, editionNumber, editionName, date, onClose }: Props) {
  const day = useEditionDay(brand, editionNumber, date);
  const release = useRelease(brand, editionNumber, date);
  const [reason, setReason] = useState('');
  const [at, setAt] = useState('');
  const ids = useId();
  const title = `${editionName}, ${date}`;

  const override = (event: FormEvent) => {
    event.preventDefault();
    release.mutate({ action: 'release', reason }, { onSuccess: () => setReason('') });
  };

  const reschedule = (event: FormEvent) => {
    event.preventDefault();
    release.mutate({ action: 'reschedule', at }, { onSuccess: () => setAt('') });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 rounded-xl border border-ink/15 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {day.isPending && <p role="status">Loading...</p>}
      {day.error && <p role="alert">{day.error.message}</p>}
      {day.data && (
        <div className="mt-3 flex flex-col gap-4">
          <p>
            <span className="font-semibold">{day.data.state ?? 'No pages yet'}</span>
            {day.data.detail && ` · ${day.data.detail}`}
          </p>
          {day.data.refusals.length > 0 && (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              <p className="font-semibold">The gate refused this edition:</p>
              <ul className="list-disc pl-5">
                {day.data.refusals.map((refusal) => (
                  <li key={refusal}>{refusal}</li>
                ))}
              </ul>
            </div>
          )}
          {day.data.overrideReason && (
            <p className="text-sm">Released despite the gate: {day.data.overrideReason}</p>
          )}
          {day.data.report && (
            <table className="min-w-full text-left text-sm">
              <caption className="text-left font-semibold">
                Processing report ({(day.data.report.tookMs / 1000).toFixed(1)} s)
              </caption>
              <thead>
                <tr>
                  {['Page', 'Version', 'Text', 'Articles', 'Ads', 'Warnings'].map((h) => (
                    <th key={h} scope="col" className="p-1">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {day.data.report.pages.map((page) => (
                  <tr key={page.page} className="border-t border-ink/10">
                    <td className="p-1">{page.page}</td>
                    <td className="p-1">v{page.version}</td>
                    <td className="p-1">{page.textLayer ? 'yes' : 'none'}</td>
                    <td className="p-1">{page.articles}</td>
                    <td className="p-1">{page.ads}</td>
                    <td className="p-1">{page.warnings.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <PublishedPages
            brand={brand}
            editionNumber={editionNumber}
            date={date}
            stamp={`${day.data.state ?? ''}:${day.data.report?.tookMs ?? ''}`}
          />
          <ul aria-label="Pages received" className="text-sm">
            {day.data.pages.map((page) => (
              <li key={page.page}>
                Page {page.page} v{page.version} · {page.file} ·{' '}
                {page.source === 'drop' ? 'drop folder' : page.receivedBy}
              </li>
            ))}
          </ul>
          {release.error && (
            <p role="alert" className="text-sm text-red-700">
              {release.error.message}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => release.mutate({ action: 'release' })}
              disabled={release.isPending}
            >
              Release now
            </Button>
            <Button
              variant="secondary"
              onClick={() => release.mutate({ action: 'unpublish' })}
              disabled={release.isPending}
            >
              Unpublish
            </Button>
          </div>
          <form onSubmit={reschedule} className="flex flex-wrap items-end gap-2">
            <label htmlFor={`${ids}-at`} className="flex flex-col gap-1 text-sm font-semibold">
              {day.data.releaseAt
                ? `Held until ${day.data.releaseAt}. Release on ${date} at`
                : `Hold past 06:00: release on ${date} at`}
              <input
                id={`${ids}-at`}
                type="time"
                min="06:00"
                max="23:59"
                required
                value={at}
                onChange={(e) => setAt(e.target.value)}
                className="min-h-11 rounded-lg border border-ink/20 px-3"
              />
            </label>
            <Button type="submit" variant="secondary" disabled={!at || release.isPending}>
              Reschedule
            </Button>
            {day.data.releaseAt && (
              <Button
                variant="secondary"
                onClick={() => release.mutate({ action: 'reschedule', at: '06:00' })}
                disabled={release.isPending}
              >
                Back to 06:00
              </Button>
            )}
          </form>
          <form onSubmit={override} className="flex flex-col gap-2">
            <label htmlFor={`${ids}-reason`} className="text-sm font-semibold">
              Release despite the gate, because
            </label>
            <textarea
              id={`${ids}-reason`}
              value={reason}
              maxLength={MAX_OVERRIDE_REASON}
              onChange={(e) => setReason(e.target.value)}
              className="min-h-20 rounded-lg border border-ink/20 p-2"
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={!reason.trim()}
              className="self-start"
            >
              Release with this reason
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
