// Send pages (issue 26 part 4) against a fake tus server behind XMLHttpRequest, as
// Uppy's tus plugin speaks to /api/desk/uploads: each PDF is sent with its own
// progress and is taken or refused in the server's words; a dropped folder is
// read all the way down; a file cut off is sent again from where it stopped.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePageSender } from '../page-sender.ts';
import { Upload } from './upload.tsx';

interface Stored {
  name: string;
  length: number;
  bytes: Uint8Array;
}

/** What the fake server saw, one line per request: "POST name", "HEAD u1", "PATCH u1 @0". */
let log: string[];
let uploads: Map<string, Stored>;
/** Reasons the server gives when an upload with this file name is created. */
let refuseName: Record<string, string>;
/** While set, every request fails as a broken connection does. */
let down: boolean;
/** Bytes of the next PATCH kept before its connection breaks. */
let cutAfter: number | undefined;
/** A PATCH held after reporting half its progress, until released. */
let held: (() => void) | undefined;
let holdNext: boolean;

const json = (body: unknown) => JSON.stringify(body);

class FakeXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readyState = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
  private method = '';
  private url = '';
  private sent: Record<string, string> = {};
  private answered: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader(name: string, value: string) {
    this.sent[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.answered[name.toLowerCase()] ?? null;
  }
  abort() {}
  send(body: Blob | null) {
    void this.serve(body);
  }

  private respond(status: number, headers: Record<string, string> = {}, body = '') {
    this.readyState = 4;
    this.status = status;
    this.answered = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    this.responseText = body;
    this.onload?.();
  }
  private fail() {
    this.readyState = 4;
    this.status = 0;
    this.onerror?.(new Event('error'));
  }

  private async serve(body: Blob | null) {
    await Promise.resolve();
    const path = new URL(this.url).pathname;
    const id = path.split('/').at(-1) ?? '';
    const upload = uploads.get(id);
    if (this.method === 'POST') {
      const meta = Object.fromEntries(
        (this.sent['upload-metadata'] ?? '').split(',').map((pair) => {
          const [key = '', value = ''] = pair.split(' ');
          return [key, atob(value)];
        }),
      );
      const name = meta.filename ?? '';
      log.push(`POST ${name}`);
      if (down) return this.fail();
      const reason = refuseName[name];
      if (reason) return this.respond(400, {}, json({ status: 'ERROR', message: reason }));
      const created = `u${uploads.size + 1}`;
      uploads.set(created, {
        name,
        length: Number(this.sent['upload-length']),
        bytes: new Uint8Array(),
      });
      return this.respond(201, { Location: `/api/desk/uploads/${created}` });
    }
    if (this.method === 'HEAD') {
      log.push(`HEAD ${id}`);
      if (down) return this.fail();
      if (!upload) return this.respond(404);
      return this.respond(200, {
        'Upload-Offset': String(upload.bytes.length),
        'Upload-Length': String(upload.length),
      });
    }
    if (this.method !== 'PATCH' || !upload || !body) return this.respond(405);
    const offset = Number(this.sent['upload-offset']);
    log.push(`PATCH ${id} @${offset}`);
    if (down) return this.fail();
    if (offset !== upload.bytes.length) return this.respond(409);
    const bytes = new Uint8Array(await body.arrayBuffer());
    if (cutAfter !== undefined) {
      upload.bytes = new Uint8Array([...upload.bytes, ...bytes.subarray(0, cutAfter)]);
      cutAfter = undefined;
      down = true;
      return this.fail();
    }
    if (holdNext) {
      holdNext = false;
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: bytes.length / 2,
        total: bytes.length,
      } as ProgressEvent);
      await new Promise<void>((release) => (held = release));
    }
    upload.bytes = new Uint8Array([...upload.bytes, ...bytes]);
    const headers = { 'Upload-Offset': String(upload.bytes.length) };
    if (upload.bytes.length < upload.length) return this.respond(204, headers);
    return this.respond(200, headers, json({ page: 1, version: 1 }));
  }
}

const pdf = (name: string, size = 4000, path = '') => {
  const file = new File([`%PDF-1.7 ${'x'.repeat(size - 9)}`], name, {
    type: 'application/pdf',
    lastModified: 1_700_000_000_000,
  });
  if (path) Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
};

const rowOf = (name: string) => {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
};

describe('sending pages', () => {
  beforeEach(() => {
    log = [];
    uploads = new Map();
    refuseName = {};
    down = false;
    cutAfter = undefined;
    held = undefined;
    holdNext = false;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    closePageSender();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('sends each PDF with its progress, and says which was taken and why one was refused', async () => {
    const user = userEvent.setup();
    refuseName['DH_20261128_2_P05.pdf'] = "Page 5 is beyond Bengaluru City's 4 pages.";
    holdNext = true;
    render(<Upload />);
    await user.upload(screen.getByLabelText('Page files'), [
      pdf('DH_20261128_2_P01.pdf'),
      pdf('DH_20261128_2_P05.pdf'),
    ]);

    const first = await waitFor(() => {
      const row = rowOf('DH_20261128_2_P01.pdf');
      expect(row.getByRole('status').textContent).toBe('Sending');
      expect(
        (row.getByLabelText('Progress of DH_20261128_2_P01.pdf') as HTMLProgressElement).value,
      ).toBe(0.5);
      return row;
    });
    expect(
      await rowOf('DH_20261128_2_P05.pdf').findByText("Page 5 is beyond Bengaluru City's 4 pages."),
    ).toBeTruthy();
    expect(rowOf('DH_20261128_2_P05.pdf').getByRole('button', { name: 'Send again' })).toBeTruthy();

    held?.();
    await waitFor(() => expect(first.getByRole('status').textContent).toBe('Taken'));
    expect(
      (first.getByLabelText('Progress of DH_20261128_2_P01.pdf') as HTMLProgressElement).value,
    ).toBe(1);
    expect(first.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect([...log].sort()).toEqual([
      'PATCH u1 @0',
      'POST DH_20261128_2_P01.pdf',
      'POST DH_20261128_2_P05.pdf',
    ]);
    expect(uploads.get('u1')?.bytes.length).toBe(4000);

    // More files later: the refused one waits for "Send again", it is not sent with them.
    await user.upload(screen.getByLabelText('Page files'), [pdf('DH_20261128_2_P02.pdf')]);
    await waitFor(() =>
      expect(rowOf('DH_20261128_2_P02.pdf').getByRole('status').textContent).toBe('Taken'),
    );
    expect(log.filter((line) => line.startsWith('POST'))).toEqual([
      'POST DH_20261128_2_P01.pdf',
      'POST DH_20261128_2_P05.pdf',
      'POST DH_20261128_2_P02.pdf',
    ]);
    expect(rowOf('DH_20261128_2_P05.pdf').getByRole('status').textContent).toBe(
      "Page 5 is beyond Bengaluru City's 4 pages.",
    );
  });

  it('takes every PDF of a dropped folder, sub-folders too, and leaves other files', async () => {
    const entry = (file: File) => ({
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(file),
    });
    const folder = (children: object[]) => {
      let read = false;
      return {
        isFile: false,
        isDirectory: true,
        createReader: () => ({
          readEntries: (ok: (batch: object[]) => void) => {
            ok(read ? [] : children);
            read = true;
          },
        }),
      };
    };
    const dropped = folder([
      entry(pdf('DH_20261128_2_P02.pdf')),
      entry(new File(['notes'], 'notes.txt')),
      folder([entry(pdf('DH_20261128_2_P03.PDF'))]),
    ]);
    render(<Upload />);
    fireEvent.drop(screen.getByTestId('page-drop-zone'), {
      dataTransfer: { items: [{ webkitGetAsEntry: () => dropped }], files: [] },
    });
    const list = screen.getByRole('list', { name: 'Pages sent' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toEqual(['Taken', 'Taken']),
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['DH_20261128_2_P02.pdf', 'DH_20261128_2_P03.PDF']);
  });

  it('sends a file cut off again from where it stopped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    cutAfter = 1500;
    render(<Upload />);
    const file = pdf('DH_20261128_2_P04.pdf', 4000, 'night/DH_20261128_2_P04.pdf');
    await user.upload(screen.getByLabelText('A whole folder'), [file]);

    // The connection stays down through every automatic retry (0.1, 1, 3 and 5 s apart).
    const failed = 'The connection failed; send it again.';
    for (let waited = 0; waited < 20_000 && !screen.queryByText(failed); waited += 500)
      await vi.advanceTimersByTimeAsync(500);
    const row = rowOf('DH_20261128_2_P04.pdf');
    expect(row.getByRole('status').textContent).toBe(failed);
    expect(log.filter((line) => line.startsWith('HEAD'))).toHaveLength(4);
    expect(uploads.get('u1')?.bytes.length).toBe(1500);

    down = false;
    log = [];
    await user.click(row.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(row.getByRole('status').textContent).toBe('Taken'));
    expect(log).toEqual(['HEAD u1', 'PATCH u1 @1500']);
    expect(new TextDecoder().decode(uploads.get('u1')?.bytes)).toBe(await file.text());
  });
});
