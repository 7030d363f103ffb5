// The edition board (issue 26 part 3): dates down, the brand's editions across,
// each cell its state in words (never colour alone), refreshed every 2 s.
import { useState } from 'react';
import type { BrandCode } from '@folio/core';
import type { BoardCell, BoardState } from '@folio/core/desk';
import { useBoard } from '../api.ts';
import { EditionDay } from './edition-day.tsx';

const STATE_WORDS: Record<BoardState, string> = {
  missing: 'Missing',
  receiving: 'Receiving',
  processing: 'Processing',
  ready: 'Ready',
  scheduled: 'Scheduled',
  live: 'Live',
  failed: 'Failed',
  holiday: 'Holiday',
};

const STATE_LOOK: Record<BoardState, string> = {
  missing: 'bg-white text-ink-soft',
  receiving: 'bg-amber-50 text-amber-900',
  processing: 'bg-amber-50 text-amber-900',
  ready: 'bg-sky-50 text-sky-900',
  scheduled: 'bg-sky-50 text-sky-900',
  live: 'bg-emerald-50 text-emerald-900',
  failed: 'bg-red-50 text-red-800',
  holiday: 'bg-paper text-ink-soft',
};

function cellWords(cell: BoardCell): string {
  const words = [STATE_WORDS[cell.state]];
  if (cell.state === 'receiving' && cell.pages !== null)
    words.push(`${cell.pages} of ${cell.expected ?? '?'} pages`);
  else if (cell.pages !== null) words.push(`${cell.pages} pages`);
  if (cell.detail) words.push(cell.state === 'scheduled' ? `for ${cell.detail}` : cell.detail);
  return words.join(' · ');
}

export function EditionBoard({ brand }: { brand: BrandCode }) {
  const board = useBoard(brand);
  const [open, setOpen] = useState<{ date: string; edition: number; name: string } | null>(null);
  if (board.isPending) return <p role="status">Loading the board...</p>;
  if (board.error) return <p role="alert">{board.error.message}</p>;
  const { dates, editions, cells } = board.data;
  const byKey = new Map(cells.map((c) => [`${c.date}/${c.edition}`, c]));
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">Editions by date, with each one&apos;s state</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 bg-white p-2 text-left">
                Date
              </th>
              {editions.map((edition) => (
                <th key={edition.number} scope="col" className="p-2 text-left font-semibold">
                  {edition.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date) => (
              <tr key={date} className="border-t border-ink/10">
                <th scope="row" className="sticky left-0 bg-white p-2 text-left font-mono">
                  {date}
                </th>
                {editions.map((edition) => {
                  const cell = byKey.get(`${date}/${edition.number}`);
                  return (
                    <td
                      key={edition.number}
                      data-state={cell?.state}
                      className={`p-2 ${cell ? STATE_LOOK[cell.state] : ''}`}
                    >
                      {cell && (
                        <button
                          type="button"
                          className="min-h-11 w-full text-left underline-offset-2 hover:underline"
                          aria-label={`${edition.name} ${date}: ${cellWords(cell)}`}
                          onClick={() =>
                            setOpen({ date, edition: edition.number, name: edition.name })
                          }
                        >
                          {cellWords(cell)}
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && (
        <EditionDay
          key={`${open.date}/${open.edition}`}
          brand={brand}
          editionNumber={open.edition}
          editionName={open.name}
          date={open.date}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
