import { describe, expect, it } from 'vitest';
import { plainText, speechParts, voiceFor } from './speech.ts';

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

describe('speech', () => {
  it('picks a voice by language, region or not', () => {
    const voices = [voice('en-GB'), voice('kn_IN', 'Kannada'), voice('en')];
    expect(voiceFor(voices, 'kn')?.name).toBe('Kannada');
    expect(voiceFor(voices, 'en')?.name).toBe('en-GB');
    expect(voiceFor([voice('knx-IN')], 'kn')).toBeUndefined();
    expect(voiceFor([], 'en')).toBeUndefined();
  });

  it('queues the text in sentences, none longer than the limit', () => {
    expect(speechParts('One. Two?  Three!\nಮಳೆ ಬಂದಿತು। ಮುಂದೆ')).toEqual([
      'One.',
      'Two?',
      'Three!',
      'ಮಳೆ ಬಂದಿತು।',
      'ಮುಂದೆ',
    ]);
    const long = `${'word '.repeat(100)}end.`;
    const parts = speechParts(long, 50);
    expect(parts.every((part) => part.length <= 50)).toBe(true);
    expect(parts.join(' ')).toBe(long.replace(/\s+/g, ' ').trim());
    expect(speechParts('   ')).toEqual([]);
  });

  it('reads the text of article HTML with its blocks apart', () => {
    expect(plainText('<h1>Head</h1><p>First.</p><p>Second.</p>').replace(/\n+/g, '|')).toBe(
      'Head|First.|Second.|',
    );
  });
});
