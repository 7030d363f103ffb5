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

/** One key per input, as a table: [input, key]. */
const keysOf = (rows: Array<[string, string]>) =>
  rows.forEach(([input, key]) => expect(kannadaSearchKey(input), JSON.stringify(input)).toBe(key));

describe('Kannada letters, one by one', () => {
  it('keys each consonant with its inherent a, aspirates, retroflexes and sibilants folded', () => {
    const letters = 'ಕಖಗಘಙಚಛಜಝಞಟಠಡಢಣತಥದಧನಪಫಬಭಮಯರಱಲಳೞವಶಷಸಹ';
    const keys = 'kkggncc jjnttddnttddnppbbmyrrlllvsssh'.replace(' ', '');
    expect([...letters].map(kannadaSearchKey)).toEqual([...keys].map((key) => `${key}a`));
  });

  it('keys each independent vowel, length folded', () => {
    keysOf([
      ['ಅ', 'a'],
      ['ಆ', 'a'],
      ['ಇ', 'i'],
      ['ಈ', 'i'],
      ['ಉ', 'u'],
      ['ಊ', 'u'],
      ['ಋ', 'ri'],
      ['ೠ', 'ri'],
      ['ಌ', 'li'],
      ['ೡ', 'li'],
      ['ಎ', 'e'],
      ['ಏ', 'e'],
      ['ಐ', 'ai'],
      ['ಒ', 'o'],
      ['ಓ', 'o'],
      ['ಔ', 'au'],
    ]);
  });

  it('keys each vowel sign on a consonant in place of its a, and the virama as no vowel', () => {
    keysOf([
      ['ಕಾ', 'ka'],
      ['ಕಿ', 'ki'],
      ['ಕೀ', 'ki'],
      ['ಕು', 'ku'],
      ['ಕೂ', 'ku'],
      ['ಕೃ', 'kri'],
      ['ಕೄ', 'kri'],
      ['ಕೆ', 'ke'],
      ['ಕೇ', 'ke'],
      ['ಕೈ', 'kai'],
      ['ಕೊ', 'ko'],
      ['ಕೋ', 'ko'],
      ['ಕೌ', 'kau'],
      ['ಕೢ', 'kli'],
      ['ಕೣ', 'kli'],
      ['ಕ್', 'k'],
      ['ಕ್ಕ', 'ka'],
    ]);
  });

  it('keys a vowel sign without its consonant as the vowel', () => {
    keysOf([
      ['\u0CBE', 'a'],
      ['\u0CC8', 'ai'],
    ]);
  });

  it('skips the nukta and the length marks between a consonant and its vowel sign', () => {
    keysOf([
      ['ಫ\u0CBC', 'pa'],
      ['ಫ\u0CBCಿ', 'pi'],
      ['ಕ\u0CD5ಿ', 'ki'],
      ['ಕ\u0CD6ಿ', 'ki'],
      ['ಕ\u0CBC\u0CD5ಿ', 'ki'],
    ]);
  });

  it('keys the anusvara as m (n before a consonant) and the visarga as h', () => {
    keysOf([
      ['ಅಂ', 'am'],
      ['ಅಃ', 'ah'],
      ['ಸಂಪುಟ', 'sanput'],
    ]);
  });

  it('writes the ten Kannada digits in ASCII and drops signs with no letter', () => {
    keysOf([
      ['೦', '0'],
      ['೧೨೩೪', '1234'],
      ['೫೬೭೮', '5678'],
      ['೯', '9'],
      ['ೱ', ''],
      ['ಽ', ''],
      ['ಕೆರೆ ೱ ನೀರು', 'ker nir'],
    ]);
  });

  it('keeps every code point of the Kannada block inside one word', () => {
    keysOf([
      ['ಕ\u0C80ಕ', 'kak'],
      ['ಕ\u0CFFಕ', 'kak'],
    ]);
  });
});

describe('Latin letters, informal spellings folded', () => {
  it('folds sh, ck, c, ch, x, q, w, z and f', () => {
    keysOf([
      ['shiva', 'siv'],
      ['cricket', 'kriket'],
      ['corporation', 'korporation'],
      ['chai', 'cai'],
      ['taxi', 'taks'],
      ['qatar', 'katar'],
      ['water', 'vater'],
      ['zoo', 'ju'],
      ['fan', 'pan'],
    ]);
  });

  it('keys each aspirate as its plain letter', () => {
    keysOf([
      ['khan', 'kan'],
      ['ghat', 'gat'],
      ['jhansi', 'jans'],
      ['thota', 'tot'],
      ['dharma', 'darm'],
      ['phala', 'pal'],
      ['bharat', 'barat'],
      ['hubli', 'hubl'],
    ]);
  });

  it('folds informal long vowels and ou', () => {
    keysOf([
      ['neeru', 'nir'],
      ['mysooru', 'maisur'],
      ['soura', 'saur'],
    ]);
  });

  it('reads y before a consonant or at the end as ai, and keeps it before any vowel', () => {
    keysOf([
      ['my', 'mai'],
      ['mysuru', 'maisur'],
      ['kaya', 'kay'],
      ['kaye', 'kay'],
      ['kayi', 'kay'],
      ['kayo', 'kay'],
      ['kayu', 'kay'],
    ]);
  });

  it('collapses doubled letters, however many', () => {
    keysOf([
      ['shivamogga', 'sivamog'],
      ['hmmm', 'hm'],
      ['amma', 'ama'],
    ]);
  });

  it('reads m before each consonant as n, and keeps it before a vowel', () => {
    keysOf([
      ['amba', 'anb'],
      ['amcha', 'anc'],
      ['amda', 'and'],
      ['amga', 'ang'],
      ['amja', 'anj'],
      ['amka', 'ank'],
      ['amla', 'anl'],
      ['amna', 'ann'],
      ['ampa', 'anp'],
      ['amra', 'anr'],
      ['amsa', 'ans'],
      ['amta', 'ant'],
      ['amva', 'anv'],
      ['ama', 'ama'],
      ['amha', 'amh'],
    ]);
  });

  it('takes diacritics off and reads any case', () => {
    keysOf([
      ['CAFÉ', 'kap'],
      ['Āśāka', 'asak'],
      ['ZOO', 'ju'],
    ]);
  });

  it('keeps a word written in both scripts whole', () => {
    keysOf([
      ['ಕೆರೆkere', 'kereker'],
      ['kereಕೆರೆ', 'kereker'],
    ]);
  });

  it('keys every letter from a to z and every digit from 0 to 9', () => {
    keysOf([
      ['azad', 'ajad'],
      ['buzz', 'buj'],
      ['2020', '2020'],
      ['2019', '2019'],
    ]);
  });
});

describe('endings and final vowels', () => {
  it('cuts each case and plural ending down to the stem', () => {
    const endings = [
      'galinda',
      'galanu',
      'galali',
      'galige',
      'galina',
      'dinda',
      'yinda',
      'inali',
      'dali',
      'yali',
      'vanu',
      'yanu',
      'galu',
      'gala',
      'inda',
      'yige',
      'ali',
      'ige',
      'ina',
      'anu',
      'ake',
      'ge',
      'ke',
      'da',
    ];
    for (const ending of endings) expect(kannadaSearchKey(`ker${ending}`), ending).toBe('ker');
  });

  it('cuts the longest ending whole, not a shorter one and then a vowel', () => {
    // Cutting -ge or -ke instead would leave kerdai (then kerda) and kerda (then ker).
    keysOf([
      ['kerdaige', 'ker'],
      ['kerdake', 'kerd'],
    ]);
  });

  it('never cuts below three letters', () => {
    keysOf([
      ['age', 'age'],
      ['kerge', 'ker'],
      ['ker', 'ker'],
      ['kara', 'kar'],
      ['nagaragala', 'nagar'],
    ]);
  });

  it('cuts at most two endings, then one final vowel', () => {
    keysOf([
      ['kerdadada', 'kerd'],
      ['kergaligeda', 'ker'],
    ]);
  });

  it('cuts a final a, e, i, o or u, and no final consonant', () => {
    keysOf([
      ['kera', 'ker'],
      ['kere', 'ker'],
      ['keri', 'ker'],
      ['kero', 'ker'],
      ['keru', 'ker'],
      ['kerp', 'kerp'],
      ['metropolit', 'metropolit'],
    ]);
  });

  it('never cuts a number, even one with letters after it', () => {
    keysOf([
      ['2026', '2026'],
      ['12kere', '12ker'],
    ]);
  });
});

describe('where the words of a text are', () => {
  it('keeps a letter and its combining mark in one word', () => {
    expect(kannadaKeyedWords('cafe\u0301 open')).toEqual([
      { start: 0, end: 5, key: 'kap' },
      { start: 6, end: 10, key: 'open' },
    ]);
  });

  it('finds Kannada digits as a word and leaves out words with no key', () => {
    expect(kannadaKeyedWords('Привет ೨೦೨೬ kere')).toEqual([
      { start: 7, end: 11, key: '2026' },
      { start: 12, end: 16, key: 'ker' },
    ]);
    expect(kannadaKeyedWords('— !')).toEqual([]);
  });
});
