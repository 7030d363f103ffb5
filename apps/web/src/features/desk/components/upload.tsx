// Sending pages from the browser (issue 26 part 4): drop files or a whole folder,
// or pick them; each file goes on its own with its progress, is refused with the
// reason (name, date, page beyond the edition's count, not a PDF) or taken, and a
// failed one can be sent again, continuing where it stopped (page-sender.ts).
import { useId, useState, type DragEvent } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { sendAgain, sendPages, usePageSendings } from '../page-sender.ts';

/** Every file in a dropped file or folder, folders read all the way down. */
async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile)
    return [await new Promise<File>((ok, fail) => (entry as FileSystemFileEntry).file(ok, fail))];
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const files: File[] = [];
  // A folder is read in batches until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return files;
    for (const child of batch) files.push(...(await filesOf(child)));
  }
}

async function dropped(transfer: DataTransfer): Promise<File[]> {
  // The entries must be taken while the drop event lasts; they are read after.
  const entries = [...transfer.items]
    .map((item) => item.webkitGetAsEntry())
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return [...transfer.files];
  return (await Promise.all(entries.map(filesOf))).flat();
}

export function Upload() {
  const sendings = usePageSendings();
  const [over, setOver] = useState(false);
  const ids = useId();

  const pick = (list: FileList | null) => sendPages([...(list ?? [])]);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void dropped(event.dataTransfer).then(sendPages);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        Name each page by the paper&apos;s rule, for example <code>DH_20261128_2_P03_v2.pdf</code>{' '}
        (paper, date, edition, page, and a version for a corrected page).
      </p>
      <div
        data-testid="page-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-col gap-3 rounded-xl border-2 border-dashed p-4 ${
          over ? 'border-brand bg-brand/5' : 'border-ink/20'
        }`}
      >
        <p className="text-sm font-semibold">Drop page files or a folder here, or choose them:</p>
        <div className="flex flex-wrap gap-3">
          <label htmlFor={`${ids}-files`} className="flex flex-col gap-1 text-sm font-semibold">
            Page files
            <input
              id={`${ids}-files`}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          <label htmlFor={`${ids}-folder`} className="flex flex-col gap-1 text-sm font-semibold">
            A whole folder
            <input
              id={`${ids}-folder`}
              type="file"
              // A folder picker: every file inside is offered.
              {...{ webkitdirectory: '' }}
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      </div>
      <ul aria-label="Pages sent" className="divide-y divide-ink/10">
        {sendings.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="font-mono text-sm">{s.name}</span>
            <progress
              max={1}
              value={s.progress}
              aria-label={`Progress of ${s.name}`}
              className="h-2 w-32"
            />
            <span
              role="status"
              className={s.state === 'refused' ? 'text-red-700' : 'text-ink-soft'}
            >
              {s.state === 'sending' ? 'Sending' : s.state === 'taken' ? 'Taken' : s.reason}
            </span>
            {s.state === 'refused' && (
              <Button variant="secondary" onClick={() => sendAgain(s.id)}>
                Send again
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
