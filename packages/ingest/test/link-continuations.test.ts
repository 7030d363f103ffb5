// Jump lines as papers print them, and the linking of a story's two parts.
import { describe, expect, it } from 'vitest';
import { linkContinuations } from '../src/edition/link-continuations.ts';
import { jumpAtEnd, jumpAtStart } from '../src/text/jump-lines.ts';

describe('jump lines', () => {
  it.each([
    ['The work will begin soon. Continued on Page 7', 7],
    ['The work will begin soon. (Contd. on page 12)', 12],
    ['ಕೆಲಸ ಆರಂಭವಾಗಲಿದೆ. ಪುಟ 7ಕ್ಕೆ ಮುಂದುವರಿದಿದೆ', 7],
    ['ಕೆಲಸ ಆರಂಭವಾಗಲಿದೆ. ಪುಟ ೧೨ಕ್ಕೆ ಮುಂದುವರಿದಿದೆ', 12],
  ])('finds the jump at the end of "%s"', (text, page) => {
    expect(jumpAtEnd(text)).toEqual({ text: text.split(/ (?=Cont|\(Cont|ಪುಟ)/u)[0], page });
  });

  it.each([
    ['Continued from Page 1', 1],
    ['(Continued from page 3)', 3],
    ['ಪುಟ 1ರಿಂದ ಮುಂದುವರಿದಿದೆ', 1],
  ])('finds where "%s" began', (text, page) => {
    expect(jumpAtStart(text)).toEqual({ text: '', page });
  });

  it('leaves ordinary sentences alone', () => {
    expect(jumpAtEnd('The service was discontinued on page 7 of the notice.')).toBeUndefined();
    expect(jumpAtEnd('The bus discontinued on Page 7')).toBeUndefined();
    expect(jumpAtStart('Work continued from March to June.')).toBeUndefined();
  });
});

describe('linking a continued story', () => {
  const first = { title: 'Metro line opens', paragraphs: ['It opened.', 'Continued on Page 3'] };
  const other = { title: 'Rain lashes city', paragraphs: ['It rained.', 'Continued on Page 3'] };
  const rest = (title: string, text: string) => ({
    title,
    paragraphs: ['Continued from Page 1', text],
  });

  it('joins each part to the continuation under its own headline, on both pages', () => {
    const linked = linkContinuations([
      { pageNo: 1, articles: [first, other] },
      {
        pageNo: 3,
        articles: [rest('Rain lashes city', 'It stopped.'), rest('Metro line opens', 'Crowds.')],
      },
    ]);
    expect(linked).toEqual([
      [
        ['It opened.', 'Crowds.'],
        ['It rained.', 'It stopped.'],
      ],
      [
        ['It rained.', 'It stopped.'],
        ['It opened.', 'Crowds.'],
      ],
    ]);
  });

  it('leaves a jump whose continuation is not on the named page as printed', () => {
    const linked = linkContinuations([
      { pageNo: 1, articles: [first] },
      { pageNo: 3, articles: [{ title: 'Elsewhere', paragraphs: ['Nothing to do with it.'] }] },
    ]);
    expect(linked[0]).toEqual([first.paragraphs]);
  });

  it('keeps a free page to its own part, so a paid page never reads on it', () => {
    const pages = [
      { pageNo: 1, articles: [first] },
      { pageNo: 3, articles: [rest('Metro line opens', 'Crowds.')] },
    ];
    const linked = linkContinuations(pages, (pageNo) => pageNo === 1);
    expect(linked).toEqual([[first.paragraphs], [['It opened.', 'Crowds.']]]);
    // Both pages free (or both paid): whole on both.
    expect(linkContinuations(pages, () => true)[0]).toEqual([['It opened.', 'Crowds.']]);
  });
});
