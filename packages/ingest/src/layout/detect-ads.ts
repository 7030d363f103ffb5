// Display ads are found by their label. Newspapers must mark paid space ("ADVERTISEMENT",
// "Advt.", Kannada "ಜಾಹೀರಾತು"), and the label sits inside the ad's frame or image, so
// the ad is the smallest drawn box around a label. Unlabelled images stay part of
// whichever article they sit in: a photo and an ad look alike without the label.
import {
  containsCentre,
  rectHeight,
  rectWidth,
  type PageContent,
  type Rect,
} from '../pdf/page-content.ts';

const AD_LABEL = /^\s*(advertisement|advertorial|advt\.?|ad|ಜಾಹೀರಾತು)\s*$/iu;

const area = (r: Rect) => rectWidth(r) * rectHeight(r);

const encloses = (outer: Rect, inner: Rect, slack: number) =>
  outer.x0 <= inner.x0 + slack &&
  outer.y0 <= inner.y0 + slack &&
  outer.x1 >= inner.x1 - slack &&
  outer.y1 >= inner.y1 - slack;

export function detectAds(content: PageContent): Rect[] {
  const pageArea = content.width * content.height;
  const ads: Rect[] = [];
  for (const label of content.lines.filter((line) => AD_LABEL.test(line.text))) {
    const frame = content.shapes
      .filter(
        (shape) =>
          encloses(shape, label, 1) &&
          area(shape) > area(label) * 6 &&
          area(shape) < pageArea * 0.6,
      )
      .sort((a, b) => area(a) - area(b))[0];
    if (frame && !ads.some((ad) => containsCentre(ad, frame))) ads.push(frame);
  }
  return ads;
}
