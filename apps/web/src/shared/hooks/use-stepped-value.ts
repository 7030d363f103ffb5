// A value a reader steps up and down inside a range (spec 2 §7): the article's text
// size, and the zoom of an article clip or an advertisement.
import { useCallback, useState } from 'react';
import { stepped, type Range } from '../lib/reading-controls.ts';

export function useSteppedValue(range: Range) {
  const [value, setValue] = useState(range.initial);
  const step = useCallback(
    (direction: 1 | -1) => setValue((current) => stepped(current, direction, range)),
    [range],
  );
  const reset = useCallback(() => setValue(range.initial), [range]);
  return { value, step, reset };
}

export type SteppedValue = ReturnType<typeof useSteppedValue>;
