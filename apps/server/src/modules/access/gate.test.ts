// The one gate for content: what it lets through, for whom, and what a refusal is.
import { BRANDS, type EpaperData, type Entitlement } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { AccessGate, LOCKED_MEDIA, SIGN_IN_FOR_MEDIA } from './gate.ts';

const TODAY = '2026-11-27';
const dh = BRANDS.dh;
const front = { date: TODAY, editionNumber: dh.freeEdition, pageIndex: 0 };
const second = { ...front, pageIndex: 1 };
const visitor: Entitlement = { kind: 'visitor' };
const free: Entitlement = { kind: 'free' };
const subscriber: Entitlement = { kind: 'subscriber', archiveDays: 7, planName: 'Monthly' };
const gate = new AccessGate(() => TODAY);

describe('the access gate', () => {
  it('lets everyone have a place a visitor may have, without looking the viewer up', async () => {
    let asked = 0;
    const viewer = async () => {
      asked += 1;
      return subscriber;
    };
    expect(await gate.admit(dh, front, viewer)).toBe('everyone');
    expect(asked).toBe(0);
    expect(await gate.admit(dh, second, viewer)).toBe('viewer');
    expect(asked).toBe(1);
    expect(await gate.admit(dh, second, subscriber)).toBe('viewer');
  });

  it('answers 401 to a visitor and 403 to a signed-in reader, in the spec words', async () => {
    const refusal = (entitlement: Entitlement) =>
      gate.admit(dh, second, entitlement).then(
        () => null,
        (error: unknown) => error,
      );
    const toVisitor = await refusal(visitor);
    expect(toVisitor).toBeInstanceOf(UnauthorizedError);
    expect((toVisitor as Error).message).toBe(SIGN_IN_FOR_MEDIA);
    const toFree = await refusal(free);
    expect(toFree).toBeInstanceOf(ForbiddenError);
    expect((toFree as Error).message).toBe(LOCKED_MEDIA);
    expect(SIGN_IN_FOR_MEDIA).toBe('Log in or subscribe to read this page.');
    expect(LOCKED_MEDIA).toBe('Subscribe to read this page.');
  });

  it('counts archive depth from its own today, or from the date an answer is built for', async () => {
    const eightDaysAgo = { ...front, date: '2026-11-19' };
    expect(gate.opens(subscriber, dh, { ...front, date: '2026-11-20' })).toBe(true);
    expect(gate.opens(subscriber, dh, eightDaysAgo)).toBe(false);
    expect(gate.opens(subscriber, dh, eightDaysAgo, '2026-11-26')).toBe(true);
    expect(gate.decide(free, dh, eightDaysAgo)).toEqual({ open: false, reason: 'freemium' });
    await expect(gate.admit(dh, eightDaysAgo, subscriber)).rejects.toThrow(LOCKED_MEDIA);
  });

  it('sends a locked page as its blurred preview only: no PDF, articles or ads', () => {
    const page = (pageNo: number) => ({
      displayName: `Page ${pageNo}`,
      name: `p${pageNo}`,
      pageNo,
      image: `/media/x/p0${pageNo}.webp`,
      imgFile: `p0${pageNo}.webp`,
      zoomFile: `p0${pageNo}-zoom.webp`,
      imgThumbFile: `p0${pageNo}-thumb.webp`,
      imgPreviewFile: `p0${pageNo}-preview.webp`,
      pdfFile: `p0${pageNo}.pdf`,
      width: 1200,
      height: 1920,
      articles: [
        { id: 'a1', htmlFile: 'a1.html', title: 'T', top: 1, left: 1, width: 1, height: 1 },
      ],
      ads: [{ id: 'ad1', imgFile: 'ad1.webp', top: 1, left: 1, width: 1, height: 1 }],
      locked: false,
    });
    const data: EpaperData = {
      date: TODAY,
      edition: { id: 1, edition_number: dh.freeEdition, edition_name: 'Bengaluru' },
      data_url_suffix: '/media/x/',
      html_url_suffix: '/media/x/',
      sections: [
        { name: 'Front', pages: [page(1)] },
        { name: 'City', pages: [page(2)] },
      ],
    };
    const sent = gate.withLocks(data, dh, free, TODAY);
    expect(sent.sections[0]?.pages[0]).toEqual(page(1));
    expect(sent.sections[1]?.pages[0]).toEqual({
      ...page(2),
      image: '/media/x/p02-locked.webp',
      imgFile: 'p02-locked.webp',
      zoomFile: 'p02-locked.webp',
      imgThumbFile: 'p02-locked.webp',
      imgPreviewFile: 'p02-locked.webp',
      pdfFile: '',
      articles: [],
      ads: [],
      locked: true,
    });
    expect(gate.withLocks(data, dh, subscriber, TODAY)).toEqual(data);
  });
});
