// The article reader's footer bar (spec 2 §2): text size smaller / larger, the
// switch between text view and image view, in image view zoom out / in, listen
// (play, pause, resume, stop) and share.
// Buttons at the end of their range are disabled, never silent.
import { TEXT_SIZE } from '../../../shared/lib/reading-controls.ts';
import { TOOLBAR_BUTTON, ZoomControls } from '../../../shared/ui/zoom-controls.tsx';
import type { SpeechState } from '../lib/use-speech.ts';

export type ArticleView = 'text' | 'image';

interface ArticleToolbarProps {
  /** Slid away while the reader scrolls down (spec 2 §2). */
  hidden: boolean;
  view: ArticleView;
  textSize: number;
  zoom: number;
  onTextSize: (direction: 1 | -1) => void;
  onZoom: (direction: 1 | -1) => void;
  onToggleView: () => void;
  onShare: () => void;
  speech: {
    state: SpeechState;
    /** Why listening cannot start here, in words; null when it can. */
    problem: string | null;
    onPlay: () => void;
    onPause: () => void;
    onResume: () => void;
    onStop: () => void;
  };
}

const BUTTON = TOOLBAR_BUTTON;

export function ArticleToolbar({
  hidden,
  view,
  textSize,
  zoom,
  onTextSize,
  onZoom,
  onToggleView,
  onShare,
  speech,
}: ArticleToolbarProps) {
  return (
    <div
      role="toolbar"
      aria-label="Article reading controls"
      className={`fixed inset-x-0 bottom-0 z-20 flex items-center justify-center gap-2 border-t border-ink/10 bg-paper/95 px-3 py-2 backdrop-blur transition-transform duration-200 ${
        hidden ? 'translate-y-full focus-within:translate-y-0' : 'translate-y-0'
      }`}
    >
      {view === 'text' ? (
        <>
          <button
            type="button"
            className={BUTTON}
            disabled={textSize <= TEXT_SIZE.min}
            onClick={() => onTextSize(-1)}
          >
            <span aria-hidden="true">A−</span>
            <span className="sr-only">Smaller text</span>
          </button>
          <span className="w-12 text-center text-xs text-ink-soft" aria-live="polite">
            {textSize}px
          </span>
          <button
            type="button"
            className={BUTTON}
            disabled={textSize >= TEXT_SIZE.max}
            onClick={() => onTextSize(1)}
          >
            <span aria-hidden="true">A+</span>
            <span className="sr-only">Larger text</span>
          </button>
        </>
      ) : (
        <ZoomControls zoom={zoom} onZoom={onZoom} />
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
    </div>
  );
}
