// The share dialog (spec 2 §2): Copy Link, X, Facebook, LinkedIn, WhatsApp, Email,
// and the link in a read-only field whose Copy button says "Copied!" for 2 s.
import { useEffect, useState } from 'react';
import { notify } from './toaster.tsx';
import { Dialog } from './dialog.tsx';
import { copyText, shareTargets, type SharedArticle } from '../lib/share.ts';

/** Spec 2 §7: "Copied!" shows for 2 seconds. */
export const COPIED_MS = 2_000;

const TARGET =
  'flex h-11 items-center justify-center rounded-xl border border-ink/15 px-3 text-sm font-semibold text-ink hover:border-brand hover:text-brand';

export function ShareDialog({
  article,
  onClose,
  onShared,
}: {
  article: SharedArticle;
  onClose: () => void;
  onShared: (method: string) => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(article.url)) {
      setCopied(true);
      onShared('copy_link');
    } else notify.error('Could not copy the link');
  };

  return (
    <Dialog title="Share" onClose={onClose}>
      <div className="grid grid-cols-3 gap-2">
        <button type="button" className={TARGET} onClick={() => void copy()}>
          Copy Link
        </button>
        {shareTargets(article).map((target) => (
          <a
            key={target.name}
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            className={TARGET}
            onClick={() => onShared(target.name.toLowerCase())}
          >
            {target.name}
          </a>
        ))}
      </div>
      <div className="mt-5 flex gap-2">
        <input
          readOnly
          value={article.url}
          aria-label="Article link"
          className="min-w-0 flex-1 rounded-lg border border-ink/15 px-3 py-2 text-sm text-ink"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="rounded-lg bg-brand px-4 text-sm font-semibold text-white"
          onClick={() => void copy()}
        >
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </Dialog>
  );
}
