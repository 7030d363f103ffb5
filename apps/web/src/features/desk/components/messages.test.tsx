// The inbox on screen (issue 27 part 4): new messages first, counted by status; a
// message opens with its thread and takes the keyboard; a reply is sent as the
// server's body and shows in the thread; a refusal is said in the server's words
// and keeps what was written; close and reopen set the status.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { INBOX_MESSAGES, type InboxItem, type InboxThread } from '@folio/core/desk';
import { installFakeServer, reply } from '../../../test/fake-server.ts';
import { Messages } from './messages.tsx';

const item: InboxItem = {
  id: 7,
  brand: 'dh',
  name: 'Asha Rao',
  email: 'asha@paper.in',
  subject: 'Report a Correction',
  preview: 'The caption on page 3 names the wrong minister.',
  receivedAt: '2026-11-27T04:30:00.000Z',
  status: 'new',
  replies: 0,
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Messages brand="dh" />
    </QueryClientProvider>,
  );
}

function fakeInbox(refuse?: string) {
  let thread: InboxThread = {
    message: {
      id: 7,
      brand: 'dh',
      name: item.name,
      email: item.email,
      subject: item.subject,
      message: 'The caption on page 3 names the wrong minister.\nPlease correct it.',
      receivedAt: item.receivedAt,
      status: 'new',
    },
    replies: [],
  };
  const server = installFakeServer({
    '/api/desk/messages': (url) => {
      const status = url.searchParams.get('status');
      const messages =
        status === null || status === thread.message.status
          ? [{ ...item, status: thread.message.status, replies: thread.replies.length }]
          : [];
      const counts = { new: 0, answered: 0, closed: 0, [thread.message.status]: 1 };
      return { messages, next: null, counts };
    },
    '/api/desk/messages/7': (_url, request) => {
      if (request.method === 'PATCH') {
        const { status } = request.body as { status: InboxThread['message']['status'] };
        thread = { ...thread, message: { ...thread.message, status } };
      }
      return thread;
    },
    '/api/desk/messages/7/replies': (_url, request) => {
      if (refuse) return reply(400, { status: 'ERROR', message: refuse });
      const { body } = request.body as { body: string };
      thread = {
        message: { ...thread.message, status: 'answered' },
        replies: [
          { id: 1, by: 'care@example.com', body, sentAt: '2026-11-27T05:00:00.000Z', mail: 'sent' },
        ],
      };
      return thread;
    },
  });
  return server;
}

describe('the desk inbox', () => {
  it('lists new messages first, opens one, sends a reply and closes it', async () => {
    const server = fakeInbox();
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('button', { name: 'New (1)', pressed: true })).toBeTruthy();
    expect(server.requests[0]?.searchParams.get('status')).toBe('new');
    expect(server.requests[0]?.searchParams.get('brand')).toBe('dh');

    await user.click(screen.getByRole('button', { name: /Asha Rao: Report a Correction/ }));
    const heading = await screen.findByRole('heading', { name: 'Report a Correction' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/Please correct it\./)).toBeTruthy();

    const send = screen.getByRole('button', { name: 'Send reply' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Your reply to Asha Rao'), 'Thank you.{Enter}Fixed.');
    await user.click(send);
    expect(await screen.findByText('Reply sent to asha@paper.in.')).toBeTruthy();
    const replies = screen.getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText(/Thank you\.\s+Fixed\./)).toBeTruthy();
    expect((screen.getByLabelText('Your reply to Asha Rao') as HTMLTextAreaElement).value).toBe('');
    expect(server.sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { body: 'Thank you.\nFixed.' },
    ]);
    // Answered now: the new list is empty, its count follows.
    expect(await screen.findByText('No messages here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Answered (1)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(server.sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { status: 'closed' },
      { status: 'answered' },
    ]);

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(server.requests.at(-1)?.searchParams.has('status')).toBe(false));
  });

  it('says why a reply was refused and keeps what was written', async () => {
    fakeInbox(INBOX_MESSAGES.replyTooLong);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: /Asha Rao: Report a Correction/ }));
    const box = await screen.findByLabelText('Your reply to Asha Rao');
    await user.type(box, 'Too much');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INBOX_MESSAGES.replyTooLong);
    expect((box as HTMLTextAreaElement).value).toBe('Too much');
    expect(screen.queryByRole('list', { name: 'Replies' })).toBeNull();
  });
});
