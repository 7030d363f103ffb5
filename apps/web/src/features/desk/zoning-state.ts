// The zoning editor's state (issue 26 part 9): a page's boxes as the editor changes
// them, which are selected, and a history for undo. Pure, so every edit is tested
// without a screen. Boxes are in percent of the page and always stay inside it.
import {
  MAX_ARTICLE_TITLE,
  MAX_ZONING_BOXES,
  MIN_ZONING_BOX,
  type PageZoning,
  type ZoningBox,
  type ZoningSaveInput,
} from '@folio/core/desk';

export type BoxKind = 'article' | 'ad';

export interface EditorBox {
  /** The editor's own name for the box (ids are the server's, and new boxes have none). */
  key: string;
  kind: BoxKind;
  /** The server's id: a box that was on the page; absent for a new one. */
  id?: string;
  title: string;
  box: ZoningBox;
}

export interface ZoningState {
  boxes: EditorBox[];
  /** Keys of the selected boxes, in the order they were selected. */
  selected: string[];
  /** Earlier box sets, the latest last. */
  history: EditorBox[][];
  nextKey: number;
  /** The box whose title is being typed: typing on goes into one undo step. */
  typing: string | null;
}

export type ZoningAction =
  | { type: 'load'; zoning: PageZoning }
  | { type: 'select'; key: string; add?: boolean }
  | { type: 'add'; kind: BoxKind }
  | { type: 'delete' }
  | { type: 'merge' }
  | { type: 'split'; direction: 'across' | 'down' }
  | { type: 'title'; title: string }
  /** Arrow keys: moves the selected box by (dx, dy) percent. */
  | { type: 'move'; dx: number; dy: number }
  /** Shift + arrow keys: grows or shrinks the selected box. */
  | { type: 'resize'; dw: number; dh: number }
  /** A drag starts: what it changes is one undo step. */
  | { type: 'begin' }
  /** A drag goes on: the box's place now (no undo step of its own). */
  | { type: 'place'; key: string; box: ZoningBox }
  | { type: 'undo' };

/** How far one arrow key moves or resizes a box, in percent of the page. */
export const KEY_STEP = 0.5;
/** Undo steps kept. */
const MAX_HISTORY = 100;

const round = (n: number) => Math.round(n * 100) / 100;

/** The box made whole and kept inside the page, at least MIN_ZONING_BOX each way. */
export function clampBox(box: ZoningBox): ZoningBox {
  const width = Math.min(100, Math.max(MIN_ZONING_BOX, round(box.width)));
  const height = Math.min(100, Math.max(MIN_ZONING_BOX, round(box.height)));
  return {
    top: Math.min(100 - height, Math.max(0, round(box.top))),
    left: Math.min(100 - width, Math.max(0, round(box.left))),
    width,
    height,
  };
}

export function initialZoning(zoning?: PageZoning): ZoningState {
  const empty: ZoningState = { boxes: [], selected: [], history: [], nextKey: 1, typing: null };
  return zoning ? zoningReducer(empty, { type: 'load', zoning }) : empty;
}

/** The box set before `change`, kept for undo. */
function withHistory(state: ZoningState, boxes: EditorBox[]): ZoningState {
  return {
    ...state,
    boxes,
    history: [...state.history, state.boxes].slice(-MAX_HISTORY),
    typing: null,
  };
}

const selectedBoxes = (state: ZoningState) =>
  state.selected.flatMap((key) => state.boxes.filter((b) => b.key === key));

function changeSelected(state: ZoningState, change: (box: ZoningBox) => ZoningBox): ZoningState {
  const [key] = state.selected;
  if (state.selected.length !== 1 || key === undefined) return state;
  return withHistory(
    state,
    state.boxes.map((b) => (b.key === key ? { ...b, box: clampBox(change(b.box)) } : b)),
  );
}

export function zoningReducer(state: ZoningState, action: ZoningAction): ZoningState {
  switch (action.type) {
    case 'load': {
      const boxes: EditorBox[] = [
        ...action.zoning.articles.map((a, i) => ({
          key: `k${i + 1}`,
          kind: 'article' as const,
          id: a.id,
          title: a.title,
          box: a.box,
        })),
        ...action.zoning.ads.map((a, i) => ({
          key: `k${action.zoning.articles.length + i + 1}`,
          kind: 'ad' as const,
          id: a.id,
          title: '',
          box: a.box,
        })),
      ];
      return { boxes, selected: [], history: [], nextKey: boxes.length + 1, typing: null };
    }
    case 'select': {
      if (!state.boxes.some((b) => b.key === action.key)) return state;
      if (!action.add) return { ...state, selected: [action.key], typing: null };
      const selected = state.selected.includes(action.key)
        ? state.selected.filter((k) => k !== action.key)
        : [...state.selected, action.key];
      return { ...state, selected, typing: null };
    }
    case 'add': {
      if (state.boxes.length >= MAX_ZONING_BOXES) return state;
      const key = `k${state.nextKey}`;
      const box: EditorBox = {
        key,
        kind: action.kind,
        title: '',
        box: { top: 40, left: 35, width: 30, height: 20 },
      };
      return {
        ...withHistory(state, [...state.boxes, box]),
        selected: [key],
        nextKey: state.nextKey + 1,
      };
    }
    case 'delete': {
      if (state.selected.length === 0) return state;
      return {
        ...withHistory(
          state,
          state.boxes.filter((b) => !state.selected.includes(b.key)),
        ),
        selected: [],
      };
    }
    case 'merge': {
      const [first, second] = selectedBoxes(state);
      if (state.selected.length !== 2 || !first || !second) return state;
      const left = Math.min(first.box.left, second.box.left);
      const top = Math.min(first.box.top, second.box.top);
      const right = Math.max(first.box.left + first.box.width, second.box.left + second.box.width);
      const bottom = Math.max(first.box.top + first.box.height, second.box.top + second.box.height);
      const merged = {
        ...first,
        box: clampBox({ top, left, width: right - left, height: bottom - top }),
      };
      return {
        ...withHistory(
          state,
          state.boxes.flatMap((b) =>
            b.key === first.key ? [merged] : b.key === second.key ? [] : [b],
          ),
        ),
        selected: [first.key],
      };
    }
    case 'split': {
      const [one] = selectedBoxes(state);
      if (state.selected.length !== 1 || !one || state.boxes.length >= MAX_ZONING_BOXES)
        return state;
      const { top, left, width, height } = one.box;
      const across = action.direction === 'across';
      if ((across ? height : width) < MIN_ZONING_BOX * 2) return state;
      const half = round((across ? height : width) / 2);
      const firstBox = across
        ? { top, left, width, height: half }
        : { top, left, width: half, height };
      const secondBox = across
        ? { top: round(top + half), left, width, height: round(height - half) }
        : { top, left: round(left + half), width: round(width - half), height };
      const key = `k${state.nextKey}`;
      const second: EditorBox = { key, kind: one.kind, title: '', box: clampBox(secondBox) };
      return {
        ...withHistory(
          state,
          state.boxes.flatMap((b) =>
            b.key === one.key ? [{ ...b, box: clampBox(firstBox) }, second] : [b],
          ),
        ),
        selected: [one.key],
        nextKey: state.nextKey + 1,
      };
    }
    case 'title': {
      const [key] = state.selected;
      const one = state.boxes.find((b) => b.key === key);
      if (state.selected.length !== 1 || !one || one.kind !== 'article') return state;
      const title = action.title.slice(0, MAX_ARTICLE_TITLE);
      const boxes = state.boxes.map((b) => (b.key === one.key ? { ...b, title } : b));
      // Typing on in the same title adds to the last undo step.
      if (state.typing === one.key) return { ...state, boxes };
      return { ...withHistory(state, boxes), typing: one.key };
    }
    case 'move':
      return changeSelected(state, (b) => ({
        ...b,
        top: b.top + action.dy,
        left: b.left + action.dx,
      }));
    case 'resize':
      return changeSelected(state, (b) => ({
        ...b,
        width: b.width + action.dw,
        height: b.height + action.dh,
      }));
    case 'begin':
      return withHistory(state, state.boxes);
    case 'place':
      return {
        ...state,
        boxes: state.boxes.map((b) =>
          b.key === action.key ? { ...b, box: clampBox(action.box) } : b,
        ),
      };
    case 'undo': {
      const previous = state.history.at(-1);
      if (!previous) return state;
      const keys = new Set(previous.map((b) => b.key));
      return {
        ...state,
        boxes: previous,
        history: state.history.slice(0, -1),
        selected: state.selected.filter((k) => keys.has(k)),
        typing: null,
      };
    }
  }
}

/** Whether undo has anything to take back. */
export const canUndo = (state: ZoningState) => state.history.length > 0;

/** The save's body: the boxes as they are, each old one by its id. */
export function saveBody(state: ZoningState, revision: string): ZoningSaveInput {
  const idOf = (b: EditorBox) => (b.id === undefined ? {} : { id: b.id });
  return {
    revision,
    articles: state.boxes
      .filter((b) => b.kind === 'article')
      .map((b) => ({ ...idOf(b), title: b.title, box: b.box })),
    ads: state.boxes.filter((b) => b.kind === 'ad').map((b) => ({ ...idOf(b), box: b.box })),
  };
}
