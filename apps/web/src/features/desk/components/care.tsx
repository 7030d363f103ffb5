// Subscriber care (issue 27 part 3): find a reader by phone, e-mail, order or payment
// id, open their page (account, subscriptions, payments, refunds, notices, mandates)
// and act on it with a reason: extend a term, refund part or all of a payment,
// cancel a mandate, sign them out everywhere; download a payment's invoice, resend
// its receipt or a subscription's latest notice (issue 27 parts 3 and 6). Each
// action says what it did, or the server's words when it was refused.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  MAX_CARE_QUERY,
  MAX_CARE_REASON,
  MAX_EXTENSION_DAYS,
  formatExactMoney,
  type CareMandate,
  type CarePayment,
  type CareReader,
} from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import {
  invoiceUrl,
  useCancelMandate,
  useCareReader,
  useCareSearch,
  useExtend,
  useRefund,
  useResendNotice,
  useResendReceipt,
  useSignOutEverywhere,
} from '../care-api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

const money = formatExactMoney;

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "12.50" in rupees or dollars to paise or cents; null for anything else. */
export function toMinor(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function Care() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const found = useCareSearch(q);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpenId(null);
    setQ(typed.trim());
  };

  return (
    <div className="flex flex-col gap-6">
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${ids}-q`} className="flex flex-col gap-1 text-sm font-semibold">
          Phone, e-mail, order id or payment id
          <input
            id={`${ids}-q`}
            type="search"
            maxLength={MAX_CARE_QUERY}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={`${inputClasses} w-80 max-w-full`}
          />
        </label>
        <Button type="submit" disabled={typed.trim() === ''}>
          Find reader
        </Button>
      </form>
      {found.isFetching && <p role="status">Searching...</p>}
      {found.error && (
        <p role="alert" className="text-sm text-red-700">
          {found.error.message}
        </p>
      )}
      {found.data && found.data.readers.length === 0 && (
        <p className="text-ink-soft">No reader matches “{q}”.</p>
      )}
      {found.data && found.data.readers.length > 0 && (
        <ul aria-label="Readers found" className="divide-y divide-ink/10">
          {found.data.readers.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => setOpenId(r.id)}
                aria-current={r.id === openId ? 'true' : undefined}
                className={`flex w-full flex-wrap justify-between gap-2 rounded-lg p-3 text-left outline-none hover:bg-paper focus-visible:ring-2 focus-visible:ring-brand ${r.id === openId ? 'bg-paper' : ''}`}
              >
                <span className="font-semibold">
                  {r.name || 'No name'} · {r.phone ?? r.email ?? r.id}
                </span>
                <span className="text-xs text-ink-soft">matched by {r.matched}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {openId !== null && <ReaderPage key={openId} id={openId} />}
    </div>
  );
}

function ReaderPage({ id }: { id: string }) {
  const page = useCareReader(id);
  const resendNotice = useResendNotice(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = page.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (page.isPending) return <p role="status">Opening the reader...</p>;
  if (page.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {page.error.message}
      </p>
    );
  const reader: CareReader = page.data;
  const { account } = reader;
  return (
    <article aria-label="Reader" className="flex flex-col gap-6">
      <header>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
          {account.name || 'No name'}
        </h2>
        <p className="text-sm text-ink-soft">
          {[account.phone, account.email].filter(Boolean).join(' · ') || account.id} ·{' '}
          {account.sessions} signed-in session{account.sessions === 1 ? '' : 's'}
        </p>
      </header>
      <Section title="Subscriptions">
        <ul className="flex flex-col gap-2">
          {reader.subscriptions.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-2 rounded-lg border border-ink/10 p-3 text-sm"
            >
              <p>
                <span className="font-semibold">
                  {s.plan} ({s.brand.toUpperCase()}) · {s.status}
                </span>{' '}
                · {s.startDate} to {s.endDate} · {money(s.priceMinor, s.currency)}
                {s.renewsOn ? ` · renews ${s.renewsOn}` : ' · does not renew'}
              </p>
              {(s.status === 'active' || s.status === 'scheduled') && (
                <ResendButton
                  label={`Resend the latest notice of subscription ${s.id}`}
                  text="Resend notice"
                  done="Notice sent again."
                  send={resendNotice}
                  value={s.id}
                />
              )}
            </li>
          ))}
        </ul>
        {reader.subscriptions.length === 0 && <p className="text-ink-soft">No subscriptions.</p>}
        <ExtendForm readerId={id} reader={reader} />
      </Section>
      <Section title="Payments">
        {reader.payments.length === 0 && <p className="text-ink-soft">No payments.</p>}
        <ul className="flex flex-col gap-3">
          {reader.payments.map((p) => (
            <PaymentRow key={p.paymentId} readerId={id} payment={p} />
          ))}
        </ul>
      </Section>
      <Section title="Refunds">
        {reader.refunds.length === 0 && <p className="text-ink-soft">No refunds.</p>}
        <ul className="flex flex-col gap-1 text-sm">
          {reader.refunds.map((r) => (
            <li key={r.id}>
              {money(r.amountMinor, r.currency)} of {r.paymentId} · {r.state} · {r.reason}
              {r.failure ? ` · ${r.failure}` : ''} · {when(r.createdAt)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Mandates">
        {reader.mandates.length === 0 && <p className="text-ink-soft">No mandates.</p>}
        <ul className="flex flex-col gap-3">
          {reader.mandates.map((m) => (
            <MandateRow key={m.id} readerId={id} mandate={m} />
          ))}
        </ul>
      </Section>
      <Section title="Notices">
        {reader.notices.length === 0 && <p className="text-ink-soft">No notices sent.</p>}
        <ul className="flex flex-col gap-1 text-sm">
          {reader.notices.map((n, i) => (
            <li key={i}>
              {n.event} · subscription {n.subscriptionId ?? '-'} · {when(n.at)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Sessions">
        <SignOutForm readerId={id} />
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const ids = useId();
  return (
    <section aria-labelledby={ids} className="flex flex-col gap-2">
      <h3 id={ids} className="font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A form with a reason, its result said after it: the server's words when refused. */
function ActionForm(props: {
  label: string;
  submit: string;
  pending: boolean;
  ready: boolean;
  error: Error | null;
  done: string | null;
  onSubmit: (reason: string, clear: () => void) => void;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const ids = useId();
  const send = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(reason.trim(), () => setReason(''));
  };
  return (
    <form aria-label={props.label} onSubmit={send} className="flex flex-wrap items-end gap-2">
      {props.children}
      <label htmlFor={`${ids}-reason`} className="flex flex-col gap-1 text-sm font-semibold">
        Reason
        <input
          id={`${ids}-reason`}
          maxLength={MAX_CARE_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={inputClasses}
        />
      </label>
      <Button type="submit" disabled={props.pending || !props.ready || reason.trim() === ''}>
        {props.pending ? 'Working...' : props.submit}
      </Button>
      {props.error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {props.error.message}
        </p>
      )}
      {props.done && !props.error && (
        <p role="status" className="w-full text-sm">
          {props.done}
        </p>
      )}
    </form>
  );
}

function ExtendForm({ readerId, reader }: { readerId: string; reader: CareReader }) {
  const running = reader.subscriptions.filter(
    (s) => s.status === 'active' || s.status === 'scheduled',
  );
  const [subscriptionId, setSubscriptionId] = useState(running[0]?.id ?? 0);
  const [days, setDays] = useState('7');
  const [done, setDone] = useState<string | null>(null);
  const extend = useExtend(readerId);
  const ids = useId();
  if (running.length === 0) return null;
  const n = Number(days);
  return (
    <ActionForm
      label="Extend a subscription"
      submit="Extend"
      pending={extend.isPending}
      ready={Number.isInteger(n) && n >= 1 && n <= MAX_EXTENSION_DAYS}
      error={extend.error}
      done={done}
      onSubmit={(reason, clear) => {
        setDone(null);
        extend.mutate(
          { subscriptionId, days: n, reason },
          {
            onSuccess: (after) => {
              clear();
              const term = after.subscriptions.find((s) => s.id === subscriptionId);
              setDone(`Extended by ${n} days: it now ends ${term?.endDate ?? ''}.`);
            },
          },
        );
      }}
    >
      <label htmlFor={`${ids}-sub`} className="flex flex-col gap-1 text-sm font-semibold">
        Subscription
        <select
          id={`${ids}-sub`}
          value={subscriptionId}
          onChange={(e) => setSubscriptionId(Number(e.target.value))}
          className={inputClasses}
        >
          {running.map((s) => (
            <option key={s.id} value={s.id}>
              {s.plan} to {s.endDate}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${ids}-days`} className="flex flex-col gap-1 text-sm font-semibold">
        Days
        <input
          id={`${ids}-days`}
          type="number"
          min={1}
          max={MAX_EXTENSION_DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className={`${inputClasses} w-24`}
        />
      </label>
    </ActionForm>
  );
}

function PaymentRow({ readerId, payment: p }: { readerId: string; payment: CarePayment }) {
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const refund = useRefund(readerId);
  const resendReceipt = useResendReceipt(readerId);
  const ids = useId();
  const minor = toMinor(amount);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-ink/10 p-3 text-sm">
      <p>
        <span className="font-semibold">{money(p.amountMinor, p.currency)}</span> · {p.paymentId} ·
        order {p.orderId} · {p.kind} · {when(p.paidAt)}
        <br />
        Refunded {money(p.refundedMinor, p.currency)}
        {p.pendingRefundMinor > 0 && `, waiting ${money(p.pendingRefundMinor, p.currency)}`} · left{' '}
        {money(p.refundableMinor, p.currency)}
      </p>
      {p.invoice ? (
        <div className="flex flex-wrap items-center gap-3">
          <span>
            Invoice {p.invoice.number}
            {p.invoice.receiptSent ? '' : ' · receipt not sent yet'}
          </span>
          <a
            href={invoiceUrl(p.invoice.file)}
            download
            className="font-semibold text-brand underline underline-offset-2"
          >
            Download invoice {p.invoice.number}
          </a>
          <ResendButton
            label={`Resend the receipt of ${p.paymentId}`}
            text="Resend receipt"
            done="Receipt sent again."
            send={resendReceipt}
            value={p.paymentId}
          />
        </div>
      ) : (
        <p className="text-ink-soft">No invoice: this payment bought nothing.</p>
      )}
      {p.refundableMinor > 0 && (
        <ActionForm
          label={`Refund ${p.paymentId}`}
          submit="Refund"
          pending={refund.isPending}
          ready={minor !== null && minor >= 1}
          error={refund.error}
          done={done}
          onSubmit={(reason, clear) => {
            if (minor === null) return;
            setDone(null);
            refund.mutate(
              { paymentId: p.paymentId, amountMinor: minor, reason },
              {
                onSuccess: () => {
                  clear();
                  setAmount('');
                  setDone(`Refunded ${money(minor, p.currency)}.`);
                },
              },
            );
          }}
        >
          <label htmlFor={`${ids}-amount`} className="flex flex-col gap-1 text-sm font-semibold">
            Amount ({p.currency})
            <input
              id={`${ids}-amount`}
              inputMode="decimal"
              value={amount}
              placeholder={(p.refundableMinor / 100).toFixed(2)}
              onChange={(e) => setAmount(e.target.value)}
              className={`${inputClasses} w-32`}
            />
          </label>
        </ActionForm>
      )}
    </li>
  );
}

/** A one-press action (no reason: resending is its own reason), its result said after it. */
function ResendButton<T>(props: {
  label: string;
  text: string;
  done: string;
  send: {
    mutate: (value: T, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
    isPending: boolean;
  };
  value: T;
}) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        aria-label={props.label}
        disabled={props.send.isPending}
        onClick={() => {
          setState(null);
          props.send.mutate(props.value, {
            onSuccess: () => setState({ ok: true, text: props.done }),
            onError: (error) => setState({ ok: false, text: error.message }),
          });
        }}
      >
        {props.text}
      </Button>
      {state?.ok && <span role="status">{state.text}</span>}
      {state && !state.ok && (
        <span role="alert" className="text-red-700">
          {state.text}
        </span>
      )}
    </div>
  );
}

function MandateRow({ readerId, mandate: m }: { readerId: string; mandate: CareMandate }) {
  const [done, setDone] = useState<string | null>(null);
  const cancel = useCancelMandate(readerId);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-ink/10 p-3 text-sm">
      <p>
        <span className="font-semibold">{m.method}</span> ending {m.last4} · {m.status} · pays
        subscription {m.subscriptionIds.join(', ')}
      </p>
      {m.status === 'active' && (
        <ActionForm
          label={`Cancel mandate ending ${m.last4}`}
          submit="Cancel mandate"
          pending={cancel.isPending}
          ready
          error={cancel.error}
          done={done}
          onSubmit={(reason, clear) => {
            setDone(null);
            cancel.mutate(
              { mandateId: m.id, reason },
              {
                onSuccess: () => {
                  clear();
                  setDone('Mandate cancelled; renewal on it has stopped.');
                },
              },
            );
          }}
        />
      )}
      {m.status !== 'active' && done && <p role="status">{done}</p>}
    </li>
  );
}

function SignOutForm({ readerId }: { readerId: string }) {
  const [done, setDone] = useState<string | null>(null);
  const signOut = useSignOutEverywhere(readerId);
  return (
    <ActionForm
      label="Sign out everywhere"
      submit="Sign out everywhere"
      pending={signOut.isPending}
      ready
      error={signOut.error}
      done={done}
      onSubmit={(reason, clear) => {
        setDone(null);
        signOut.mutate(reason, {
          onSuccess: () => {
            clear();
            setDone('Signed out on every device.');
          },
        });
      }}
    />
  );
}
