import { describe, expect, it } from 'vitest';
import { kannadaKeyedWords, kannadaSearchKey } from './kannada-search.ts';

/** Every spelling in a row must give one key, and the rows must differ. */
const sameKey = (spellings: string[]) => {
  const keys = spellings.map(kannadaSearchKey);
  expect(new Set(keys), spellings.join(' / ')).toHaveProperty('size', 1);
  expect(keys[0]).not.toBe('');
  return keys[0];
};

describe('Kannada search keys (decision 0021)', () => {
  it('gives a word and its inflected forms one key', () => {
    expect(sameKey(['ಬೆಂಗಳೂರು', 'ಬೆಂಗಳೂರಿನಲ್ಲಿ', 'ಬೆಂಗಳೂರಿನ'])).toBe('bengalur');
    sameKey(['ಮೈಸೂರು', 'ಮೈಸೂರಿನ', 'ಮೈಸೂರಲ್ಲಿ']);
    sameKey(['ಕೆರೆ', 'ಕೆರೆಗಳು', 'ಕೆರೆಗೆ']);
    sameKey(['ಸರ್ಕಾರ', 'ಸರ್ಕಾರದಿಂದ', 'ಸರ್ಕಾರದ', 'ಸರ್ಕಾರಕ್ಕೆ']);
    sameKey(['ನಗರ', 'ನಗರದಲ್ಲಿ', 'ನಗರದ']);
    sameKey(['ಉಡುಪಿ', 'ಉಡುಪಿಯಲ್ಲಿ']);
    sameKey(['ಹುಬ್ಬಳ್ಳಿ', 'ಹುಬ್ಬಳ್ಳಿಯಲ್ಲಿ']);
    sameKey(['ನೀರು', 'ನೀರಿನ']);
  });

  it('folds vowel length, aspiration and retroflex letters', () => {
    sameKey(['ಮೆಟ್ರೊ', 'ಮೆಟ್ರೋ']);
    sameKey(['ಕೆರೆ', 'ಕೇರೆ']);
    sameKey(['ತಟ', 'ಟತ', 'ಥಠ']);
    sameKey(['ಶಿವ', 'ಷಿವ', 'ಸಿವ']);
    sameKey(['ಬಳ್ಳಾರಿ', 'ಬಲ್ಲಾರಿ']);
  });

  it('keys Latin letters, informal and ISO 15919, like the Kannada they stand for', () => {
    expect(sameKey(['bengaluru', 'Bengaluru', 'ಬೆಂಗಳೂರು'])).toBe('bengalur');
    sameKey(['mysuru', 'Mysooru', 'maisuru', 'ಮೈಸೂರು']);
    sameKey(['sarkara', 'sarkaara', 'sarkāra', 'ಸರ್ಕಾರ']);
    sameKey(['metro', 'ಮೆಟ್ರೊ']);
    sameKey(['kere', 'ಕೆರೆ']);
    sameKey(['punashchetana', 'punaschetana', 'ಪುನಶ್ಚೇತನ']);
    sameKey(['neeru', 'nīru', 'ನೀರು']);
    sameKey(['melsethuve', 'ಮೇಲ್ಸೇತುವೆ']);
    sameKey(['shivamogga', 'ಶಿವಮೊಗ್ಗ']);
    sameKey(['cricket', 'ಕ್ರಿಕೆಟ್']);
    sameKey(['soura', 'saura', 'ಸೌರ']);
    sameKey(['sampuTa', 'samputa', 'ಸಂಪುಟ']);
    sameKey(['Mañjunātha', 'manjunatha', 'ಮಂಜುನಾಥ']);
  });

  it('keeps different words apart', () => {
    const keys = ['ಬೆಂಗಳೂರು', 'ಮಂಗಳೂರು', 'ಮೈಸೂರು', 'ತುಮಕೂರು', 'ಕೆರೆ', 'ಮೆಟ್ರೊ', 'ಆಸ್ಪತ್ರೆ'].map(
      kannadaSearchKey,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys every word of a text in order, digits in ASCII, and drops what has no letters', () => {
    expect(kannadaSearchKey('ಕುಡಿಯುವ ನೀರು, ೨೦೨೬!')).toBe('kudiyuv nir 2026');
    expect(kannadaSearchKey('😀 !! — ')).toBe('');
    expect(kannadaSearchKey('')).toBe('');
    // Unicode normalisation: a decomposed ā keys as the composed one.
    expect(kannadaSearchKey('sarka\u0304ra')).toBe(kannadaSearchKey('sarkāra'));
  });

  it('finds where each word of a text is, with its key', () => {
    const text = 'ನಗರದಲ್ಲಿ ಮೆಟ್ರೋ: 12';
    expect(kannadaKeyedWords(text)).toEqual([
      { start: 0, end: 8, key: 'nagar' },
      { start: 9, end: 15, key: 'metr' },
      { start: 17, end: 19, key: '12' },
    ]);
  });
});
