// The zoning editor's edits, without a screen: add, delete, merge, split, title,
// move and resize by keys, a drag as one step, undo, and the save's body.
import { describe, expect, it } from 'vitest';
import type { PageZoning } from '@folio/core/desk';
import { KEY_STEP, clampBox, initialZoning, saveBody, zoningReducer } from './zoning-state.ts';
import type { ZoningAction, ZoningState } from './zoning-state.ts';

const page: PageZoning = {
  page: 1,
  name: '01 Front Page',
  image: '/api/desk/editions/dh/2/2026-11-27/pages/1/image',
  width: 1200,
  height: 1900,
  revision: 'rev-1',
  articles: [
    { id: 'a1', title: 'Lakes revived', box: { top: 10, left: 5, width: 40, height: 20 } },
    { id: 'a2', title: 'Metro opens', box: { top: 40, left: 50, width: 30, height: 10 } },
  ],
  ads: [{ id: 'ad1', box: { top: 80, left: 0, width: 100, height: 20 } }],
};

const run = (...actions: ZoningAction[]): ZoningState =>
  actions.reduce(zoningReducer, initialZoning(page));
const boxOf = (state: ZoningState, id: string) => state.boxes.find((b) => b.id === id)?.box;

describe('the zoning editor’s state', () => {
  it('opens with the page’s boxes, articles then ads, nothing selected and nothing to undo', () => {
    const state = initialZoning(page);
    expect(state.boxes.map((b) => [b.kind, b.id, b.title])).toEqual([
      ['article', 'a1', 'Lakes revived'],
      ['article', 'a2', 'Metro opens'],
      ['ad', 'ad1', ''],
    ]);
    expect(state.selected).toEqual([]);
    expect(state.history).toEqual([]);
    expect(saveBody(state, 'rev-1')).toEqual({
      revision: 'rev-1',
      articles: page.articles,
      ads: page.ads,
    });
  });

  it('adds an article box and an ad box, each selected and without an id', () => {
    const state = run({ type: 'add', kind: 'article' }, { type: 'add', kind: 'ad' });
    expect(state.boxes).toHaveLength(5);
    const [article, ad] = state.boxes.slice(3);
    expect([article?.kind, article?.id, ad?.kind, ad?.id]).toEqual([
      'article',
      undefined,
      'ad',
      undefined,
    ]);
    expect(state.selected).toEqual([ad?.key]);
    const body = saveBody(state, 'rev-1');
    expect(body.articles).toHaveLength(3);
    expect(body.articles[2]).toEqual({ title: '', box: article?.box });
    expect(body.ads[1]).toEqual({ box: ad?.box });
  });

  it('deletes the selected boxes', () => {
    const state = run(
      { type: 'select', key: 'k1' },
      { type: 'select', key: 'k3', add: true },
      { type: 'delete' },
    );
    expect(state.boxes.map((b) => b.id)).toEqual(['a2']);
    expect(state.selected).toEqual([]);
  });

  it('merges two selected boxes into their bounding box, keeping the first one’s id and title', () => {
    const state = run(
      { type: 'select', key: 'k2' },
      { type: 'select', key: 'k1', add: true },
      { type: 'merge' },
    );
    expect(state.boxes.map((b) => [b.id, b.title])).toEqual([
      ['a2', 'Metro opens'],
      ['ad1', ''],
    ]);
    expect(boxOf(state, 'a2')).toEqual({ top: 10, left: 5, width: 75, height: 40 });
    expect(state.selected).toEqual(['k2']);
    // Merge needs exactly two boxes.
    expect(run({ type: 'select', key: 'k1' }, { type: 'merge' }).boxes).toHaveLength(3);
  });

  it('splits a box into halves, across or down; the first half keeps the id and title', () => {
    const across = run({ type: 'select', key: 'k1' }, { type: 'split', direction: 'across' });
    expect(across.boxes.slice(0, 2).map((b) => [b.id, b.title, b.box])).toEqual([
      ['a1', 'Lakes revived', { top: 10, left: 5, width: 40, height: 10 }],
      [undefined, '', { top: 20, left: 5, width: 40, height: 10 }],
    ]);
    const down = run({ type: 'select', key: 'k2' }, { type: 'split', direction: 'down' });
    expect(down.boxes.slice(1, 3).map((b) => b.box)).toEqual([
      { top: 40, left: 50, width: 15, height: 10 },
      { top: 40, left: 65, width: 15, height: 10 },
    ]);
  });

  it('moves the selected box by the arrow keys’ step and resizes it, inside the page', () => {
    const moved = run(
      { type: 'select', key: 'k1' },
      { type: 'move', dx: KEY_STEP, dy: 0 },
      { type: 'move', dx: 0, dy: -KEY_STEP },
    );
    expect(boxOf(moved, 'a1')).toEqual({ top: 9.5, left: 5.5, width: 40, height: 20 });
    const resized = run(
      { type: 'select', key: 'k1' },
      { type: 'resize', dw: -KEY_STEP, dh: KEY_STEP },
    );
    expect(boxOf(resized, 'a1')).toEqual({ top: 10, left: 5, width: 39.5, height: 20.5 });
    // The ad fills the page's bottom: it cannot leave it.
    const pushed = run({ type: 'select', key: 'k3' }, { type: 'move', dx: KEY_STEP, dy: KEY_STEP });
    expect(boxOf(pushed, 'ad1')).toEqual({ top: 80, left: 0, width: 100, height: 20 });
    expect(clampBox({ top: -3, left: 99.8, width: 0, height: 150 })).toEqual({
      top: 0,
      left: 99.5,
      width: 0.5,
      height: 100,
    });
  });

  it('edits the selected article’s title, as one undo step however many keys', () => {
    const state = run(
      { type: 'select', key: 'k2' },
      { type: 'title', title: 'M' },
      { type: 'title', title: 'Me' },
      { type: 'title', title: 'Metro fares cut' },
    );
    expect(state.boxes[1]?.title).toBe('Metro fares cut');
    expect(zoningReducer(state, { type: 'undo' }).boxes[1]?.title).toBe('Metro opens');
    // An ad has no title.
    expect(run({ type: 'select', key: 'k3' }, { type: 'title', title: 'x' }).boxes[2]?.title).toBe(
      '',
    );
  });

  it('undoes edits one at a time, a whole drag as one', () => {
    const dragged = run(
      { type: 'select', key: 'k1' },
      { type: 'begin' },
      { type: 'place', key: 'k1', box: { top: 11, left: 6, width: 40, height: 20 } },
      { type: 'place', key: 'k1', box: { top: 30, left: 20, width: 40, height: 20 } },
      { type: 'move', dx: KEY_STEP, dy: 0 },
      { type: 'delete' },
    );
    expect(dragged.boxes.map((b) => b.id)).toEqual(['a2', 'ad1']);
    const once = zoningReducer(dragged, { type: 'undo' });
    expect(boxOf(once, 'a1')).toEqual({ top: 30, left: 20.5, width: 40, height: 20 });
    const twice = zoningReducer(once, { type: 'undo' });
    expect(boxOf(twice, 'a1')).toEqual({ top: 30, left: 20, width: 40, height: 20 });
    const thrice = zoningReducer(twice, { type: 'undo' });
    expect(boxOf(thrice, 'a1')).toEqual(page.articles[0]?.box);
    expect(thrice.history).toEqual([]);
    expect(zoningReducer(thrice, { type: 'undo' })).toBe(thrice);
  });
});
