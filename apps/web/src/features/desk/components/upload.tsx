// Sending pages from the browser (issue 26 part 4): pick files or a whole folder;
// each file goes on its own with its progress, is refused with the reason (name,
// date, page beyond the edition's count, not a PDF) or taken, and a failed one can
// be sent again.
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { uploadPage } from '../api.ts';

interface Sending {
  file: File;
  progress: number;
  state: 'sending' | 'taken' | 'refused';
  reason?: string;
}

/** Files sent at once: enough to keep the line busy, few enough to show progress. */
const AT_ONCE = 3;

export function Upload() {
  const [sendings, setSendings] = useState<Sending[]>([]);
  const ids = useId();

  const update = (file: File, change: Partial<Sending>) =>
    setSendings((all) => all.map((s) => (s.file === file ? { ...s, ...change } : s)));

  const send = async (file: File) => {
    update(file, { state: 'sending', progress: 0, reason: undefined });
    try {
      await uploadPage(file, (progress) => update(file, { progress }));
      update(file, { state: 'taken', progress: 1 });
    } catch (error) {
      update(file, {
        state: 'refused',
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])]
      .filter((f) => f.name.toLowerCase().endsWith('.pdf'))
      .sort((a, b) => a.name.localeCompare(b.name));
    setSendings((all) => [
      ...files.map((file) => ({ file, progress: 0, state: 'sending' as const })),
      ...all.filter((s) => !files.some((f) => f.name === s.file.name)),
    ]);
    for (let i = 0; i < files.length; i += AT_ONCE)
      await Promise.all(files.slice(i, i + AT_ONCE).map(send));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        Name each page by the paper&apos;s rule, for example <code>DH_20261128_2_P03_v2.pdf</code>{' '}
        (paper, date, edition, page, and a version for a corrected page).
      </p>
      <div className="flex flex-wrap gap-3">
        <label htmlFor={`${ids}-files`} className="flex flex-col gap-1 text-sm font-semibold">
          Page files
          <input
            id={`${ids}-files`}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
        <label htmlFor={`${ids}-folder`} className="flex flex-col gap-1 text-sm font-semibold">
          A whole folder
          <input
            id={`${ids}-folder`}
            type="file"
            // A folder picker: every file inside is offered.
            {...{ webkitdirectory: '' }}
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
      </div>
      <ul aria-label="Pages sent" className="divide-y divide-ink/10">
        {sendings.map((s) => (
          <li key={s.file.name} className="flex flex-wrap items-center gap-3 py-2">
            <span className="font-mono text-sm">{s.file.name}</span>
            <progress
              max={1}
              value={s.progress}
              aria-label={`Progress of ${s.file.name}`}
              className="h-2 w-32"
            />
            <span
              role="status"
              className={s.state === 'refused' ? 'text-red-700' : 'text-ink-soft'}
            >
              {s.state === 'sending' ? 'Sending' : s.state === 'taken' ? 'Taken' : s.reason}
            </span>
            {s.state === 'refused' && (
              <Button variant="secondary" onClick={() => void send(s.file)}>
                Send again
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
