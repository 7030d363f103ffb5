// A display ad's copy, measured in the fonts it is printed in, stays inside its panel
// at every ad size the demo pages use, in both languages.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { fitAdCopy } from '../src/demo/ad-copy.ts';
import { englishCopy } from '../src/demo/copy-en.ts';
import { kannadaCopy } from '../src/demo/copy-kn.ts';
import { gridFor, moduleWidth } from '../src/demo/page-plan.ts';
import { seededRandom } from '../src/demo/seeded-random.ts';
import { Typesetter } from '../src/demo/typesetter.ts';

const NOTO = '/usr/share/fonts/truetype/noto';
const BRANDS = [
  { name: 'English', copy: englishCopy, masthead: 'NotoSerif-Bold', headline: 'NotoSerif-Bold' },
  {
    name: 'Kannada',
    copy: kannadaCopy,
    masthead: 'NotoSerifKannada-Bold',
    headline: 'NotoSerifKannada-Bold',
  },
];

describe.each(BRANDS)('$name ad copy', ({ copy, masthead, headline }) => {
  it('fits inside the panel of every ad width and height a page can have', () => {
    const type = new Typesetter(new PDFDocument({ autoFirstPage: false }));
    const random = seededRandom('ads');
    const ads = new Map(
      Array.from({ length: 60 }, () => copy.adLines(random)).map((lines) => [
        lines.join('|'),
        lines,
      ]),
    );
    const problems: string[] = [];
    for (const columns of [5, 6]) {
      for (let span = 2; span <= 4; span += 1) {
        const width = moduleWidth(gridFor(columns), span);
        for (const height of [110, 160, 240, 400, 600]) {
          const panel = { x0: 12, x1: width - 12, y0: 22, y1: height - 12 };
          for (const [name = '', ...rest] of ads.values()) {
            const lines = fitAdCopy(type, panel, [
              { text: name, font: `${NOTO}/${masthead}.ttf`, size: Math.min(26, width / 9) },
              ...rest.map((text) => ({ text, font: `${NOTO}/${headline}.ttf`, size: 12 })),
            ]);
            expect(lines.map((l) => l.text).join(' ')).toBe([name, ...rest].join(' '));
            for (const line of lines) {
              const wide = type.width(line.text, line.font, line.size);
              const inside =
                wide <= panel.x1 - panel.x0 + 0.01 &&
                line.baseline - line.size * 0.75 >= panel.y0 &&
                line.baseline + line.size * 0.25 <= panel.y1;
              if (!inside) problems.push(`${line.text} in ${width} x ${height}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
