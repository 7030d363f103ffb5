// Listen (issue 8 part 7): the article read aloud by the browser's own speech
// synthesis, in the brand's language. Chrome stops a single long utterance after
// about 15 seconds, so the text is queued in sentence-sized parts.

/** Longest part queued as one utterance. */
const MAX_PART_CHARACTERS = 220;

export type SpeechProblem = 'unsupported' | 'no-voice';

export function speechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** The first voice whose language is `language` (e.g. "kn" matches "kn-IN"). */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  language: string,
): SpeechSynthesisVoice | undefined {
  const wanted = language.toLowerCase();
  return voices.find((voice) => {
    const lang = voice.lang.toLowerCase().replace('_', '-');
    return lang === wanted || lang.startsWith(`${wanted}-`);
  });
}

/** The text split at sentence ends (., ?, !, ।, newline), no part longer than the limit. */
export function speechParts(text: string, limit = MAX_PART_CHARACTERS): string[] {
  const sentences = text
    .split(/\n+|(?<=[.?!।])\s+/u)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const parts: string[] = [];
  for (const sentence of sentences) {
    if (sentence.length <= limit) {
      parts.push(sentence);
      continue;
    }
    let rest = sentence;
    while (rest.length > limit) {
      const cut = rest.lastIndexOf(' ', limit);
      const at = cut > 0 ? cut : limit;
      parts.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) parts.push(rest);
  }
  return parts;
}

/** The readable text of sanitised article HTML. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const block of doc.body.querySelectorAll('p, h1, h2, h3, li, br'))
    block.append(doc.createTextNode('\n'));
  return doc.body.textContent ?? '';
}

/** Voices can arrive after the page loads: waits briefly for them. */
export function loadVoices(timeoutMs = 1500): Promise<SpeechSynthesisVoice[]> {
  const synth = window.speechSynthesis;
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      synth.removeEventListener('voiceschanged', done);
      window.clearTimeout(timer);
      resolve(synth.getVoices());
    };
    const timer = window.setTimeout(done, timeoutMs);
    synth.addEventListener('voiceschanged', done);
  });
}
