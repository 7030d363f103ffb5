// The zoning editor (issue 26 part 9): a published page with its article and ad
// boxes drawn over it. Boxes are buttons: click or Tab to one, drag it or its corner
// (pointer events, written here: no library needed for one rectangle at a time),
// or use the keys: arrows move it by 0.5%, Shift + arrows resize it, Delete removes
// it, Ctrl+Z undoes. Saving re-publishes the page; a save refused because someone
// else saved the page first keeps the boxes on screen, with the latest a click away.
import { useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { BrandCode } from '@folio/core';
import { DESK_MESSAGES, MAX_ARTICLE_TITLE, type PageZoning } from '@folio/core/desk';
import { isApiError } from '../../../shared/lib/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { usePageZoning, usePublishedPages, useSaveZoning } from '../zoning-api.ts';
import {
  KEY_STEP,
  canUndo,
  initialZoning,
  saveBody,
  zoningReducer,
  type EditorBox,
  type ZoningAction,
} from '../zoning-state.ts';

interface IssueProps {
  brand: BrandCode;
  editionNumber: number;
  date: string;
}

/**
 * The published issue's pages, each with "Edit boxes"; the editor opens below the
 * list. `stamp` changes whenever the edition is assembled again (its state and the
 * report's run), so the list is asked for again then.
 */
export function PublishedPages({
  brand,
  editionNumber,
  date,
  stamp,
}: IssueProps & { stamp: string }) {
  const pages = usePublishedPages(brand, editionNumber, date, stamp);
  const [editing, setEditing] = useState<number | null>(null);
  if (!pages.data) return null;
  return (
    <div className="flex flex-col gap-3">
      <table className="min-w-full text-left text-sm">
        <caption className="text-left font-semibold">Published pages</caption>
        <thead>
          <tr>
            {['Page', 'Articles', 'Ads', ''].map((h, i) => (
              <th key={h || i} scope="col" className="p-1">
                {h || <span className="sr-only">Boxes</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.data.pages.map((p) => (
            <tr key={p.page} className="border-t border-ink/10">
              <td className="p-1">{p.name}</td>
              <td className="p-1">{p.articles}</td>
              <td className="p-1">{p.ads}</td>
              <td className="p-1">
                <Button
                  variant="secondary"
                  aria-label={`Edit boxes of page ${p.page}`}
                  onClick={() => setEditing(p.page)}
                >
                  Edit boxes
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing !== null && (
        <ZoningEditor
          key={editing}
          brand={brand}
          editionNumber={editionNumber}
          date={date}
          page={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

interface EditorProps extends IssueProps {
  page: number;
  onClose: () => void;
}

export function ZoningEditor({ brand, editionNumber, date, page, onClose }: EditorProps) {
  const zoning = usePageZoning(brand, editionNumber, date, page);
  const save = useSaveZoning(brand, editionNumber, date, page);
  const conflict = isApiError(save.error, 409);

  return (
    <section aria-label={`Boxes of page ${page}`} className="rounded-xl border border-ink/15 p-3">
      {zoning.isPending && <p role="status">Loading...</p>}
      {zoning.error && <p role="alert">{zoning.error.message}</p>}
      {zoning.data && (
        <ZoningCanvas
          // A saved or reloaded page is a new revision: the editor starts from it.
          key={zoning.data.revision}
          zoning={zoning.data}
          saving={save.isPending}
          saved={save.isSuccess}
          error={save.error && !conflict ? save.error.message : null}
          conflict={conflict}
          onSave={(state) => save.mutate(saveBody(state, zoning.data.revision))}
          onLoadLatest={() => {
            save.reset();
            void zoning.refetch();
          }}
          onClose={onClose}
        />
      )}
    </section>
  );
}

interface Drag {
  key: string;
  mode: 'move' | 'resize';
  x: number;
  y: number;
  box: EditorBox['box'];
  moved: boolean;
}

interface CanvasProps {
  zoning: PageZoning;
  saving: boolean;
  saved: boolean;
  error: string | null;
  conflict: boolean;
  onSave: (state: ReturnType<typeof initialZoning>) => void;
  onLoadLatest: () => void;
  onClose: () => void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function ZoningCanvas(props: CanvasProps) {
  const { zoning } = props;
  const [state, dispatch] = useReducer(zoningReducer, zoning, initialZoning);
  const surface = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const pointerDown = useRef(false);
  const selected = state.boxes.filter((b) => state.selected.includes(b.key));
  const one = selected.length === 1 ? selected[0] : undefined;
  const numbers = new Map<string, number>();
  for (const kind of ['article', 'ad'] as const)
    state.boxes.filter((b) => b.kind === kind).forEach((b, i) => numbers.set(b.key, i + 1));
  const nameOf = (b: EditorBox) =>
    b.kind === 'article'
      ? `Article ${numbers.get(b.key)}: ${b.title || 'title from the page'}`
      : `Ad ${numbers.get(b.key)}`;

  const act = (action: ZoningAction) => dispatch(action);

  const onEditorKey = (event: KeyboardEvent) => {
    const typing = event.target instanceof HTMLInputElement;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !typing) {
      event.preventDefault();
      act({ type: 'undo' });
    }
  };

  const onBoxKey = (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const [x, y] = arrow;
      act(
        event.shiftKey
          ? { type: 'resize', dw: x * KEY_STEP, dh: y * KEY_STEP }
          : { type: 'move', dx: x * KEY_STEP, dy: y * KEY_STEP },
      );
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      act({ type: 'delete' });
    }
  };

  const startDrag = (event: PointerEvent, b: EditorBox, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    pointerDown.current = true;
    if (event.shiftKey) {
      act({ type: 'select', key: b.key, add: true });
      return;
    }
    event.stopPropagation();
    act({ type: 'select', key: b.key });
    drag.current = {
      key: b.key,
      mode,
      x: event.clientX,
      y: event.clientY,
      box: b.box,
      moved: false,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    const area = surface.current?.getBoundingClientRect();
    if (!current || !area || area.width === 0 || area.height === 0) return;
    const dx = ((event.clientX - current.x) / area.width) * 100;
    const dy = ((event.clientY - current.y) / area.height) * 100;
    if (!current.moved) {
      // The drag's first movement: what it changes becomes one undo step.
      current.moved = true;
      act({ type: 'begin' });
    }
    const { box } = current;
    act({
      type: 'place',
      key: current.key,
      box:
        current.mode === 'move'
          ? { ...box, top: box.top + dy, left: box.left + dx }
          : { ...box, width: box.width + dx, height: box.height + dy },
    });
  };

  const endDrag = () => {
    drag.current = null;
    pointerDown.current = false;
  };

  return (
    // The editor's own shortcut (Ctrl+Z) from anywhere in it; every action is also a button.
    <div className="flex flex-col gap-3" onKeyDown={onEditorKey}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">Boxes of {zoning.name}</h3>
        <Button variant="secondary" onClick={props.onClose}>
          Close the editor
        </Button>
      </div>
      <p className="text-sm">
        Click or Tab to a box. Arrow keys move it by {KEY_STEP}%, Shift + arrow keys resize it,
        Delete removes it. Shift + click selects a second box to merge. Ctrl+Z undoes.
      </p>
      <div role="toolbar" aria-label="Box tools" className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => act({ type: 'add', kind: 'article' })}>
          Add article box
        </Button>
        <Button variant="secondary" onClick={() => act({ type: 'add', kind: 'ad' })}>
          Add ad box
        </Button>
        <Button
          variant="secondary"
          disabled={selected.length === 0}
          onClick={() => act({ type: 'delete' })}
        >
          Delete
        </Button>
        <Button
          variant="secondary"
          disabled={selected.length !== 2}
          onClick={() => act({ type: 'merge' })}
        >
          Merge
        </Button>
        <Button
          variant="secondary"
          disabled={!one}
          onClick={() => act({ type: 'split', direction: 'across' })}
        >
          Split top and bottom
        </Button>
        <Button
          variant="secondary"
          disabled={!one}
          onClick={() => act({ type: 'split', direction: 'down' })}
        >
          Split left and right
        </Button>
        <Button
          variant="secondary"
          disabled={!canUndo(state)}
          onClick={() => act({ type: 'undo' })}
        >
          Undo
        </Button>
        <Button disabled={props.saving} onClick={() => props.onSave(state)}>
          {props.saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {one?.kind === 'article' && (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Title of the selected article
          <input
            value={one.title}
            maxLength={MAX_ARTICLE_TITLE}
            placeholder="Empty: the title is read from the page"
            onChange={(e) => act({ type: 'title', title: e.target.value })}
            className="rounded-lg border border-ink/20 p-2 font-normal"
          />
        </label>
      )}
      {props.conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3 text-red-800"
        >
          <p>{DESK_MESSAGES.zoningChanged}</p>
          <Button variant="secondary" onClick={props.onLoadLatest}>
            Load the latest
          </Button>
        </div>
      )}
      {props.error && (
        <p role="alert" className="text-sm text-red-700">
          {props.error}
        </p>
      )}
      {props.saved && !props.saving && (
        <p role="status">Saved; readers have the page as it is now.</p>
      )}
      <div
        ref={surface}
        className="relative touch-none select-none"
        style={{ aspectRatio: `${zoning.width} / ${zoning.height}` }}
      >
        <img
          src={zoning.image}
          alt={`Page ${zoning.page}`}
          draggable={false}
          className="absolute inset-0 h-full w-full"
        />
        {state.boxes.map((b) => {
          const isSelected = state.selected.includes(b.key);
          const colours =
            b.kind === 'article'
              ? 'border-sky-700 bg-sky-500/15 text-sky-950'
              : 'border-amber-700 bg-amber-400/25 text-amber-950';
          return (
            <button
              key={b.key}
              type="button"
              aria-label={nameOf(b)}
              aria-pressed={isSelected}
              onFocus={() => {
                if (!pointerDown.current && !isSelected) act({ type: 'select', key: b.key });
              }}
              onKeyDown={onBoxKey}
              onPointerDown={(e) => startDrag(e, b, 'move')}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              className={`absolute cursor-move border-2 text-left ${colours} ${
                isSelected ? 'z-10 outline-3 outline-offset-1 outline-ink' : ''
              }`}
              style={{
                top: `${b.box.top}%`,
                left: `${b.box.left}%`,
                width: `${b.box.width}%`,
                height: `${b.box.height}%`,
              }}
            >
              <span className="block truncate bg-white/80 px-1 text-xs font-semibold">
                {nameOf(b)}
              </span>
              <span
                aria-hidden="true"
                onPointerDown={(e) => startDrag(e, b, 'resize')}
                className="absolute -right-1.5 -bottom-1.5 size-3 cursor-nwse-resize border border-white bg-ink"
              />
            </button>
          );
        })}
      </div>
    </div>
  );
}
