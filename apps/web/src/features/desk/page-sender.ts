// The desk's page files on their way (issue 26 part 4): resumable uploads with
// Uppy and the tus protocol to /api/desk/uploads. One sender for the console, kept
// while the desk is open, so a file goes on being sent when the editor opens
// another tab, and the list is there when they come back. Each file says how far
// it got; the server refuses a wrong name before a byte is sent and a finished
// file it cannot take with the reason, and a failed file sent again continues
// from where it stopped (Uppy keeps each file's upload address by its
// fingerprint: name, size, date and folder).
import Uppy, { type UppyFile } from '@uppy/core';
import { getSafeFileId } from '@uppy/core/utils';
import Tus from '@uppy/tus';
import { useSyncExternalStore } from 'react';

/** The server's tus endpoint; absolute, as tus-js-client resolves the upload's address against it. */
const ENDPOINT_PATH = '/api/desk/uploads';
/** Files sent at once: enough to keep the line busy, few enough to show progress. */
const AT_ONCE = 3;
const CONNECTION_FAILED = 'The connection failed; send it again.';
const NOT_SENT = 'The page could not be sent.';

/** `refusal`: why the last try failed, in the server's words (see upload-error below). */
type Meta = { relativePath?: string | null; refusal?: string | null };
type Body = { xhr?: XMLHttpRequest };
type PageFile = UppyFile<Meta, Body>;

export interface Sending {
  id: string;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'sending' | 'taken' | 'refused';
  reason?: string;
}

/** The server's reason in its answer ({ status: "ERROR", message }), or a general one. */
function reasonOf(xhr: XMLHttpRequest | undefined): string {
  if (!xhr || xhr.status === 0) return CONNECTION_FAILED;
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (a proxy's page): the general message.
  }
  return NOT_SENT;
}

function createSender(): Uppy<Meta, Body> {
  const uppy = new Uppy<Meta, Body>({ id: 'desk-pages', autoProceed: false }).use(Tus, {
    endpoint: new URL(ENDPOINT_PATH, window.location.origin).href,
    limit: AT_ONCE,
    // Only the name goes with the file (as `filename`): the server reads it by the rule.
    allowedMetaFields: ['name'],
    removeFingerprintOnSuccess: true,
  });
  // The reason is kept beside the file rather than as Uppy's error: Uppy sends
  // every file with an error again whenever more files are sent, and a refused
  // page waits for the editor's "Send again".
  uppy.on('upload-error', (file, _error, response) => {
    if (!file) return;
    uppy.setFileMeta(file.id, { refusal: reasonOf(response?.body?.xhr) });
    uppy.setFileState(file.id, { error: null });
  });
  return uppy;
}

let sender: Uppy<Meta, Body> | undefined;

function pageSender(): Uppy<Meta, Body> {
  sender ??= createSender();
  return sender;
}

/** Forgets every file and stops what is being sent (between tests, or on leaving the desk). */
export function closePageSender(): void {
  sender?.destroy();
  sender = undefined;
}

function relativePath(file: File): string | null {
  return file.webkitRelativePath === '' ? null : file.webkitRelativePath;
}

/**
 * Sends the PDFs among these files. A file already on its way is left to go on; one
 * that failed continues where it stopped; one already taken is sent again whole.
 */
export function sendPages(files: readonly File[]): void {
  const uppy = pageSender();
  for (const file of files.filter((f) => f.name.toLowerCase().endsWith('.pdf'))) {
    const added = {
      name: file.name,
      type: 'application/pdf',
      data: file,
      meta: { relativePath: relativePath(file) },
    };
    const id = getSafeFileId({ ...added, isRemote: false }, uppy.getID());
    const known = uppy.getState().files[id] as PageFile | undefined;
    if (known?.meta.refusal) {
      sendAgain(id);
      continue;
    }
    if (known && !known.progress.uploadComplete) continue;
    if (known) uppy.removeFile(id);
    uppy.addFile(added);
  }
  void uppy.upload();
}

/** Sends a failed file again, from where it stopped. */
export function sendAgain(id: string): void {
  const uppy = pageSender();
  uppy.setFileMeta(id, { refusal: null });
  void uppy.retryUpload(id);
}

function sendingOf(file: PageFile): Sending {
  const progress = (file.progress.percentage ?? 0) / 100;
  const reason = file.meta.refusal;
  if (reason) return { id: file.id, name: file.name, progress, state: 'refused', reason };
  if (file.progress.uploadComplete)
    return { id: file.id, name: file.name, progress: 1, state: 'taken' };
  return { id: file.id, name: file.name, progress, state: 'sending' };
}

const subscribe = (changed: () => void) => {
  const uppy = pageSender();
  uppy.on('state-update', changed);
  return () => uppy.off('state-update', changed);
};
const snapshot = () => pageSender().getState().files;

/** Every file of this desk session, by name, and where each stands. */
export function usePageSendings(): Sending[] {
  const files = useSyncExternalStore(subscribe, snapshot);
  return Object.values(files)
    .map(sendingOf)
    .sort((a, b) => a.name.localeCompare(b.name));
}
