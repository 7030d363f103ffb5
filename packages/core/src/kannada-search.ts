// Search keys for Kannada text (issue 9 part 3; decision 0021). No mainstream
// engine ships a Kannada analyser, so Folio makes its own, small one: every word,
// whether written in Kannada script or typed in Latin letters, becomes one
// phonetic key in plain a-z, and the key drops what readers vary in:
//
// - Kannada letters map by ISO 15919 with its diacritics folded away, so vowel
//   length (ಒ/ಓ, ಎ/ಏ, ಇ/ಈ), aspiration (ಕ/ಖ, ತ/ಥ) and retroflex against dental
//   (ಟ/ತ, ಳ/ಲ, ಣ/ನ) and the three sibilants (ಶ/ಷ/ಸ) each give one letter;
// - Latin letters fold the informal spellings onto the same letters (aa, ee → i,
//   oo → u, ou → au, sh, ch, th/dh, ph, w, z, f, "my" for ಮೈ) and ISO 15919 diacritics
//   alike;
// - doubled letters collapse, a nasal before a consonant is one n (ಂ, ನ್, ಮ್);
// - common case and plural endings are cut (…ಿನಲ್ಲಿ, …ದಲ್ಲಿ, …ಗಳು, …ದಿಂದ, …ಗೆ,
//   …ವನ್ನು), then one final vowel, so ಬೆಂಗಳೂರು, ಬೆಂಗಳೂರಿನಲ್ಲಿ and "bengaluru"
//   all give "bengalur".
//
// The same function keys the index and the query, so whatever it merges, it merges
// on both sides. Pure and dependency-free: the server indexes with it, tests pin it.

/** Kannada consonants, folded: aspirates, retroflexes and sibilants merge. */
const CONSONANTS: Record<string, string> = {
  ಕ: 'k',
  ಖ: 'k',
  ಗ: 'g',
  ಘ: 'g',
  ಙ: 'n',
  ಚ: 'c',
  ಛ: 'c',
  ಜ: 'j',
  ಝ: 'j',
  ಞ: 'n',
  ಟ: 't',
  ಠ: 't',
  ಡ: 'd',
  ಢ: 'd',
  ಣ: 'n',
  ತ: 't',
  ಥ: 't',
  ದ: 'd',
  ಧ: 'd',
  ನ: 'n',
  ಪ: 'p',
  ಫ: 'p',
  ಬ: 'b',
  ಭ: 'b',
  ಮ: 'm',
  ಯ: 'y',
  ರ: 'r',
  ಱ: 'r',
  ಲ: 'l',
  ಳ: 'l',
  ೞ: 'l',
  ವ: 'v',
  ಶ: 's',
  ಷ: 's',
  ಸ: 's',
  ಹ: 'h',
};

/** Independent vowels, length folded. */
const VOWELS: Record<string, string> = {
  ಅ: 'a',
  ಆ: 'a',
  ಇ: 'i',
  ಈ: 'i',
  ಉ: 'u',
  ಊ: 'u',
  ಋ: 'ri',
  ೠ: 'ri',
  ಌ: 'li',
  ೡ: 'li',
  ಎ: 'e',
  ಏ: 'e',
  ಐ: 'ai',
  ಒ: 'o',
  ಓ: 'o',
  ಔ: 'au',
};

/** Dependent vowel signs, length folded. */
const VOWEL_SIGNS: Record<string, string> = {
  '\u0CBE': 'a',
  '\u0CBF': 'i',
  '\u0CC0': 'i',
  '\u0CC1': 'u',
  '\u0CC2': 'u',
  '\u0CC3': 'ri',
  '\u0CC4': 'ri',
  '\u0CC6': 'e',
  '\u0CC7': 'e',
  '\u0CC8': 'ai',
  '\u0CCA': 'o',
  '\u0CCB': 'o',
  '\u0CCC': 'au',
  '\u0CE2': 'li',
  '\u0CE3': 'li',
};

const VIRAMA = '\u0CCD';
const ANUSVARA = '\u0C82';
const VISARGA = '\u0C83';
const KANNADA_DIGIT_ZERO = 0x0ce6;

/**
 * Case and plural endings, as keys (doubled letters already collapsed: ಲ್ಲಿ is
 * "li", ಕ್ಕೆ "ke", ನ್ನು "nu"), longest first so the longest ending is the one cut.
 */
const SUFFIXES = [
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
].sort((a, b) => b.length - a.length);

/** Shortest stem an ending or final vowel may be cut down to. */
const MIN_STEM = 3;

const isKannadaMark = (ch: string) => ch in VOWEL_SIGNS || ch === VIRAMA;

/** One run of Kannada script as key letters (before the shared folding). */
function kannadaLetters(run: string): string {
  let out = '';
  const chars = [...run];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] as string;
    const consonant = CONSONANTS[ch];
    if (consonant !== undefined) {
      out += consonant;
      // Nukta (ಫ಼ = f) and length marks change nothing in the key.
      let next = chars[i + 1];
      while (next === '\u0CBC' || next === '\u0CD5' || next === '\u0CD6') {
        i += 1;
        next = chars[i + 1];
      }
      if (next !== undefined && isKannadaMark(next)) {
        out += VOWEL_SIGNS[next] ?? '';
        i += 1;
      } else {
        out += 'a';
      }
      continue;
    }
    const vowel = VOWELS[ch] ?? VOWEL_SIGNS[ch];
    if (vowel !== undefined) out += vowel;
    else if (ch === ANUSVARA) out += 'm';
    else if (ch === VISARGA) out += 'h';
    else {
      const code = ch.codePointAt(0) ?? 0;
      if (code >= KANNADA_DIGIT_ZERO && code <= KANNADA_DIGIT_ZERO + 9)
        out += String(code - KANNADA_DIGIT_ZERO);
    }
  }
  return out;
}

/** One run of Latin letters (lower case, diacritics removed) as key letters. */
function latinLetters(run: string): string {
  return (
    run
      .replace(/sh/g, 's')
      // ch is ಚ; a c left alone is English's k (cricket, corporation).
      .replace(/ck/g, 'k')
      .replace(/c(?!h)/g, 'k')
      .replace(/ch/g, 'c')
      .replace(/x/g, 'ks')
      .replace(/q/g, 'k')
      .replace(/w/g, 'v')
      .replace(/z/g, 'j')
      .replace(/f/g, 'p')
      // Aspirates (kh, gh, jh, th, dh, ph, bh) are their plain letter.
      .replace(/([kgjtdpb])h/g, '$1')
      // Informal long vowels: neeru, mysooru.
      .replace(/ee/g, 'i')
      .replace(/oo/g, 'u')
      // ಸೌರ is typed soura as often as saura.
      .replace(/ou/g, 'au')
  );
}

/** Folding both scripts share once they are key letters. */
function foldKey(letters: string): string {
  return (
    letters
      // ಮೈ is "mai", typed "my": a y before a consonant or at the end is the vowel ai.
      .replace(/y(?![aeiou])/g, 'ai')
      .replace(/(.)\1+/g, '$1')
      // ಂ before a consonant sounds as the consonant's nasal; readers type n or m.
      .replace(/m(?=[bcdgjklnprstv])/g, 'n')
  );
}

/** Cuts up to two endings, then one final vowel, never below MIN_STEM letters. */
function stem(key: string): string {
  if (/^\d+$/.test(key)) return key;
  let word = key;
  for (let round = 0; round < 2; round += 1) {
    const suffix = SUFFIXES.find((s) => word.endsWith(s) && word.length - s.length >= MIN_STEM);
    if (!suffix) break;
    word = word.slice(0, word.length - suffix.length);
  }
  if (word.length > MIN_STEM && /[aeiou]$/.test(word)) word = word.slice(0, -1);
  return word;
}

const KANNADA_CHAR = /[\u0C80-\u0CFF]/;
const LATIN_LETTER = /[a-z]/;
/** Words: runs of Kannada, Latin letters (with their marks) and digits. */
const WORD = /[\u0C80-\u0CFFa-z0-9]+/g;

/** The key of one word as written (no stemming). */
function wordKey(word: string): string {
  let letters = '';
  let run = '';
  let runKannada = false;
  const flush = () => {
    letters += runKannada ? kannadaLetters(run) : latinLetters(run);
    run = '';
  };
  for (const ch of word) {
    const kannada = KANNADA_CHAR.test(ch);
    if (run !== '' && kannada !== runKannada) flush();
    runKannada = kannada;
    run += ch;
  }
  if (run !== '') flush();
  return foldKey(letters);
}

/** Lower case, NFC, with Latin diacritics (ISO 15919's ā ṭ ś ṁ …) taken off. */
function plainLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/**
 * The search key of every word of `text`, in order: Kannada script and Latin
 * letters alike, folded and stemmed. Words with nothing to key (punctuation,
 * emoji, other scripts) are left out.
 */
function kannadaSearchKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of plainLetters(text).matchAll(WORD)) {
    const word = match[0];
    if (!KANNADA_CHAR.test(word) && !LATIN_LETTER.test(word) && !/\d/.test(word)) continue;
    const key = stem(wordKey(word));
    if (key !== '') keys.push(key);
  }
  return keys;
}

/** The keys of `text` as one space-separated string, as stored and as queried. */
export function kannadaSearchKey(text: string): string {
  return kannadaSearchKeys(text).join(' ');
}

/**
 * The words of `text` with where each starts and ends in it, and its key, e.g. to
 * find the first word a query matched and show the text around it.
 */
export function kannadaKeyedWords(
  text: string,
): Array<{ start: number; end: number; key: string }> {
  const words: Array<{ start: number; end: number; key: string }> = [];
  // The same words as kannadaSearchKeys, found on the text itself so offsets hold.
  for (const match of text.matchAll(/[\u0C80-\u0CFF\p{L}\p{M}0-9]+/gu)) {
    const key = kannadaSearchKey(match[0]);
    if (key === '') continue;
    words.push({ start: match.index, end: match.index + match[0].length, key });
  }
  return words;
}
