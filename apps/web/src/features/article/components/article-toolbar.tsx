// The article reader's footer bar (spec 2 §2): text size smaller / larger, the
// switch between text view and image view, in image view zoom out / in, listen
// (play, pause, resume, stop) and share.
// Buttons at the end of their range are disabled, never silent.
import type { SteppedValue } from '../../../shared/hooks/use-stepped-value.ts';
import { TEXT_SIZE } from '../../../shared/lib/reading-controls.ts';
import { ReadingToolbar } from '../../../shared/ui/reading-toolbar.tsx';
import { TOOLBAR_BUTTON, ZoomControls } from '../../../shared/ui/zoom-controls.tsx';
import type { SpeechState } from '../lib/use-speech.ts';

export type ArticleView = 'text' | 'image';

export interface SpeechControls {
  state: SpeechState;
  /** Why listening cannot start here, in words; null when it can. */
  problem: string | null;
  onPlay: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

interface ArticleToolbarProps {
  /** Slid away while the reader scrolls down (spec 2 §2). */
  hidden: boolean;
  view: ArticleView;
  textSize: SteppedValue;
  zoom: SteppedValue;
  onToggleView: () => void;
  onShare: () => void;
  speech: SpeechControls;
}

const BUTTON = TOOLBAR_BUTTON;

export function ArticleToolbar({
  hidden,
  view,
  textSize,
  zoom,
  onToggleView,
  onShare,
  speech,
}: ArticleToolbarProps) {
  return (
    <ReadingToolbar label="Article reading controls" hidden={hidden}>
      {view === 'text' ? (
        <>
          <button
            type="button"
            className={BUTTON}
            disabled={textSize.value <= TEXT_SIZE.min}
            onClick={() => textSize.step(-1)}
          >
            <span aria-hidden="true">A−</span>
            <span className="sr-only">Smaller text</span>
          </button>
          {/* While Pause and Stop take Listen's place, a phone under 400 px has no room
          for the size beside its buttons: it is still announced. */}
          <span
            className={`w-9 text-center text-xs text-ink-soft ${speech.state === 'idle' ? '' : 'max-[399px]:sr-only'}`}
            aria-live="polite"
          >
            {textSize.value}px
          </span>
          <button
            type="button"
            className={BUTTON}
            disabled={textSize.value >= TEXT_SIZE.max}
            onClick={() => textSize.step(1)}
          >
            <span aria-hidden="true">A+</span>
            <span className="sr-only">Larger text</span>
          </button>
        </>
      ) : (
        <ZoomControls zoom={zoom.value} onZoom={zoom.step} />
      )}
      <button
        type="button"
        className={BUTTON}
        aria-pressed={view === 'image'}
        onClick={onToggleView}
      >
        {view === 'text' ? 'Image view' : 'Text view'}
      </button>
      {view === 'text' && (
        <>
          {speech.state === 'idle' && (
            <button type="button" className={BUTTON} onClick={speech.onPlay}>
              Listen
            </button>
          )}
          {speech.state === 'playing' && (
            <button type="button" className={BUTTON} onClick={speech.onPause}>
              Pause
            </button>
          )}
          {speech.state === 'paused' && (
            <button type="button" className={BUTTON} onClick={speech.onResume}>
              Resume
            </button>
          )}
          {speech.state !== 'idle' && (
            <button type="button" className={BUTTON} onClick={speech.onStop}>
              Stop
            </button>
          )}
        </>
      )}
      <button type="button" className={BUTTON} onClick={onShare}>
        Share
      </button>
      <p
        role="status"
        className={
          speech.problem
            ? 'absolute inset-x-0 bottom-full bg-ink px-4 py-2 text-center text-sm text-white'
            : 'sr-only'
        }
      >
        {speech.problem}
      </p>
    </ReadingToolbar>
  );
}
