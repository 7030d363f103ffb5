// Play, pause, resume and stop of the article read aloud. Leaving the article (or
// opening another) stops it.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  loadVoices,
  speechParts,
  speechSupported,
  voiceFor,
  type SpeechProblem,
} from './speech.ts';

export type SpeechState = 'idle' | 'playing' | 'paused';

export function useSpeech(text: string | undefined, language: string) {
  const [state, setState] = useState<SpeechState>('idle');
  const [problem, setProblem] = useState<SpeechProblem | null>(null);
  /** Bumped on stop, so the parts of an earlier reading stop calling back. */
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    if (speechSupported()) window.speechSynthesis.cancel();
    setState('idle');
  }, []);

  useEffect(() => stop, [text, stop]);

  const play = async () => {
    if (!speechSupported()) {
      setProblem('unsupported');
      return;
    }
    const voice = voiceFor(await loadVoices(), language);
    if (!voice) {
      setProblem('no-voice');
      return;
    }
    setProblem(null);
    stop();
    const mine = run.current;
    const parts = speechParts(text ?? '');
    if (parts.length === 0) return;
    parts.forEach((part, index) => {
      const utterance = new SpeechSynthesisUtterance(part);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      if (index === parts.length - 1)
        utterance.onend = () => {
          if (run.current === mine) setState('idle');
        };
      window.speechSynthesis.speak(utterance);
    });
    setState('playing');
  };

  const pause = () => {
    window.speechSynthesis.pause();
    setState('paused');
  };
  const resume = () => {
    window.speechSynthesis.resume();
    setState('playing');
  };

  return { state, problem, play, pause, resume, stop };
}
