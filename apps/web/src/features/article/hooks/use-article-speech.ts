// Listening to the article (spec 2 §2, issue 8): its title and text read aloud in
// a voice of the paper's language, or a clear message why that cannot start.
import { useMemo } from 'react';
import type { SpeechControls } from '../components/article-toolbar.tsx';
import { plainText, type SpeechProblem } from '../lib/speech.ts';
import { useSpeech } from '../lib/use-speech.ts';

/** The title (unless the article's HTML has its own headline), then the text. */
function spokenText(title: string, html: string): string {
  const text = plainText(html);
  return /<h1[\s>]/i.test(html) ? text : `${title}\n${text}`;
}

/** What a reader is told when listening cannot start (issue 8: a clear message, not a dead button). */
function speechProblemText(problem: SpeechProblem | null, language: string) {
  if (problem === 'unsupported') return 'Listening is not available in this browser.';
  if (problem === 'no-voice') {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
    return `This device has no ${name} voice to read the article aloud.`;
  }
  return null;
}

export function useArticleSpeech(
  title: string | undefined,
  html: string | undefined,
  language: string,
): SpeechControls {
  // Parsed once per article text, not on every render (scrolling re-renders the screen).
  const spoken = useMemo(
    () => (title !== undefined && html ? spokenText(title, html) : undefined),
    [title, html],
  );
  const speech = useSpeech(spoken, language);
  return {
    state: speech.state,
    problem: speechProblemText(speech.problem, language),
    onPlay: () => void speech.play(),
    onPause: speech.pause,
    onResume: speech.resume,
    onStop: speech.stop,
  };
}
