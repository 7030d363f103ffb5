// The inbox (issue 27 part 4): what readers sent through Get in touch, new ones
// first. Open a message to read it with its thread, e-mail the reader a reply
// (their words are quoted below it), and close the message or open it again.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BrandCode } from '@folio/core';
import { MAX_REPLY_LENGTH, type InboxItem, type InboxStatus } from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import { useInbox, useSendReply, useSetStatus, useThread } from '../messages-api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

type Filter = InboxStatus | 'all';
const FILTERS: readonly { id: Filter; label: string }[] = [
  { id: 'new', label: 'New' },
  { id: 'answered', label: 'Answered' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
];
const STATUS_LABEL: Record<InboxStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

export function Messages({ brand }: { brand: BrandCode }) {
  const [filter, setFilter] = useState<Filter>('new');
  const [openId, setOpenId] = useState<number | null>(null);
  const inbox = useInbox(brand, filter === 'all' ? undefined : filter);
  const counts = inbox.data?.pages[0]?.counts;
  const messages = inbox.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label="Messages" className="flex flex-col gap-4">
        <div role="group" aria-label="Show messages" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <Button
              key={f.id}
              variant={filter === f.id ? 'primary' : 'secondary'}
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
            >
              {f.label}
              {counts && f.id !== 'all' ? ` (${counts[f.id]})` : ''}
            </Button>
          ))}
        </div>
        {inbox.isPending && <p role="status">Loading messages...</p>}
        {inbox.error && (
          <p role="alert" className="text-sm text-red-700">
            {inbox.error.message}
          </p>
        )}
        {inbox.data && messages.length === 0 && <p className="text-ink-soft">No messages here.</p>}
        <ul className="divide-y divide-ink/10">
          {messages.map((m) => (
            <MessageRow key={m.id} item={m} open={m.id === openId} onOpen={() => setOpenId(m.id)} />
          ))}
        </ul>
        {inbox.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            Show older messages
          </Button>
        )}
      </section>
      {openId === null ? (
        <p className="text-ink-soft">Choose a message to read it and reply.</p>
      ) : (
        <Thread key={openId} id={openId} />
      )}
    </div>
  );
}

function MessageRow({
  item,
  open,
  onOpen,
}: {
  item: InboxItem;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={open ? 'true' : undefined}
        className={`flex w-full flex-col gap-1 rounded-lg p-3 text-left outline-none hover:bg-paper focus-visible:ring-2 focus-visible:ring-brand ${open ? 'bg-paper' : ''}`}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className={item.status === 'new' ? 'font-bold' : 'font-semibold'}>
            {item.name}: {item.subject}
          </span>
          <span className="text-xs text-ink-soft">
            {STATUS_LABEL[item.status]} · {when(item.receivedAt)}
          </span>
        </span>
        <span className="text-sm text-ink-soft">{item.preview}</span>
      </button>
    </li>
  );
}

function Thread({ id }: { id: number }) {
  const thread = useThread(id);
  const send = useSendReply(id);
  const setStatus = useSetStatus(id);
  const [reply, setReply] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const loaded = thread.data !== undefined;

  // Opening a message takes the keyboard to it.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (thread.isPending) return <p role="status">Opening the message...</p>;
  if (thread.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {thread.error.message}
      </p>
    );
  const { message, replies } = thread.data;
  const failure = send.error ?? setStatus.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    send.mutate(reply, {
      onSuccess: () => {
        setReply('');
        setSentTo(message.email);
      },
    });
  };
  const answeredBefore = replies.some((r) => r.mail === 'sent');

  return (
    <article aria-labelledby={`${ids}-subject`} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id={`${ids}-subject`}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-bold outline-none"
          >
            {message.subject}
          </h2>
          <p className="text-sm text-ink-soft">
            From {message.name} &lt;{message.email}&gt; · {when(message.receivedAt)} ·{' '}
            {STATUS_LABEL[message.status]}
          </p>
        </div>
        {message.status === 'closed' ? (
          <Button
            variant="secondary"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate(answeredBefore ? 'answered' : 'new')}
          >
            Reopen
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate('closed')}
          >
            Close
          </Button>
        )}
      </header>
      <p className="rounded-lg bg-paper p-3 whitespace-pre-wrap">{message.message}</p>
      {replies.length > 0 && (
        <ol aria-label="Replies" className="flex flex-col gap-3">
          {replies.map((r) => (
            <li key={r.id} className="rounded-lg border border-ink/10 p-3">
              <p className="text-xs text-ink-soft">
                {r.by} · {when(r.sentAt)}
                {r.mail === 'failed' && <span className="text-red-700"> · Not sent</span>}
                {r.mail === 'sending' && ' · Sending'}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} aria-label="Reply" className="flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-reply`}>
          Your reply to {message.name}
          <textarea
            id={`${ids}-reply`}
            rows={6}
            maxLength={MAX_REPLY_LENGTH}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            aria-describedby={`${ids}-hint`}
            className={`${inputClasses} py-2`}
          />
        </label>
        <p id={`${ids}-hint`} className="text-xs text-ink-soft">
          Sent by e-mail with their message quoted. {reply.length} of {MAX_REPLY_LENGTH} characters.
        </p>
        <div>
          <Button type="submit" disabled={send.isPending || reply.trim() === ''}>
            {send.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </div>
      </form>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      )}
      {sentTo && <p role="status">Reply sent to {sentTo}.</p>}
    </article>
  );
}
