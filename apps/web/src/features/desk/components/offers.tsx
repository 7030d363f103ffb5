// Offers (issue 27 part 2, admins only): the discount banner with its start and end
// and a live preview of what readers see (the countdown included), the subscribe
// page's FAQs (added, edited with a preview of the answer as readers get it,
// removed, moved up and down) and its testimonials. Readers get each change from
// their next request; the server keeps FAQ answers to the safe markup and refuses
// what does not fit, in its own words.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_TESTIMONIALS, bannerTimeLeftMs, type BrandCode } from '@folio/core';
import {
  MAX_BANNER_SUBTEXT,
  MAX_BANNER_TEXT,
  MAX_FAQ_ANSWER,
  MAX_FAQ_QUESTION,
  MAX_TESTIMONIAL_MESSAGE,
  MAX_TESTIMONIAL_NAME,
  MAX_TESTIMONIAL_PHOTO,
  MAX_TESTIMONIAL_ROLE,
  OFFER_MESSAGES,
  type DeskBanner,
  type DeskFaq,
  type DeskTestimonial,
} from '@folio/core/desk';
import { sanitizeFaqHtml } from '../../../shared/lib/sanitize-html.ts';
import { Button } from '../../../shared/ui/button.tsx';
import {
  useAddFaq,
  useAddTestimonial,
  useChangeFaq,
  useChangeTestimonial,
  useOffers,
  useOrderFaqs,
  useRemoveFaq,
  useRemoveTestimonial,
  useSaveBanner,
} from '../offers-api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';
const labelClasses = 'flex flex-col gap-1 text-sm font-semibold';
const ANSWER_LOOK =
  'text-ink-soft [&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+*]:mt-2 [&_ul]:list-disc [&_ul]:pl-5';

function Problem({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

// ----- the banner --------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it: this device's time, to the minute. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (this device's time) as an ISO instant, or undefined. */
function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const HOURS_ONLY_UP_TO_S = 48 * 3600;
const DAY_S = 24 * 3600;
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => pad(part))
    .join(':');

/** The reader's countdown: hh:mm:ss up to 48 hours, then "N days hh:mm:ss". */
function countdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= HOURS_ONLY_UP_TO_S) return clock(seconds);
  return `${Math.floor(seconds / DAY_S)} days ${clock(seconds % DAY_S)}`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** What readers see of the banner now; the strip is drawn even outside its window, marked so. */
function BannerPreview({ banner }: { banner: DeskBanner | undefined }) {
  const now = useNow();
  if (!banner) return <p className="text-sm text-ink-soft">Fill in the banner to preview it.</p>;
  const shown = {
    is_active: banner.active,
    start_date: banner.startsAt,
    expiry_date: banner.endsAt,
    banner_text: banner.text,
    banner_subtext: banner.subtext,
  };
  const left = bannerTimeLeftMs(shown, new Date(now));
  const start = Date.parse(banner.startsAt);
  const state = !banner.active
    ? 'Switched off: readers see no banner.'
    : left > 0
      ? `Readers see this now, until ${when(banner.endsAt)}.`
      : now < start
        ? `Readers see this from ${when(banner.startsAt)} (in ${countdown(start - now)}) until ${when(banner.endsAt)}.`
        : 'Ended: readers see no banner.';
  // Outside its window the countdown is shown as it will read when the offer starts.
  const shownLeft = left > 0 ? left : Math.max(Date.parse(banner.endsAt) - start, 0);
  return (
    <figure aria-label="Banner preview" className="flex flex-col gap-2">
      <div
        className={`flex flex-wrap items-center justify-center gap-x-3 rounded-lg bg-accent px-4 py-2 text-center text-sm text-brand-strong ${left > 0 ? '' : 'opacity-60'}`}
      >
        <p className="font-semibold">{banner.text}</p>
        <p>{banner.subtext}</p>
        <p className="font-mono font-bold tabular-nums">
          <span className="sr-only">Time left </span>
          <span role="timer">{countdown(shownLeft)}</span>
        </p>
      </div>
      <figcaption role="status" className="text-sm text-ink-soft">
        {state}
      </figcaption>
    </figure>
  );
}

function BannerEditor({ brand, banner }: { brand: BrandCode; banner: DeskBanner | null }) {
  const save = useSaveBanner(brand);
  const ids = useId();
  const [text, setText] = useState(banner?.text ?? '');
  const [subtext, setSubtext] = useState(banner?.subtext ?? '');
  const [start, setStart] = useState(banner ? toLocalInput(banner.startsAt) : '');
  const [end, setEnd] = useState(banner ? toLocalInput(banner.endsAt) : '');
  const [active, setActive] = useState(banner?.active ?? true);
  const [saved, setSaved] = useState(false);

  const startsAt = fromLocalInput(start);
  const endsAt = fromLocalInput(end);
  const endTooEarly = startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt);
  const draft: DeskBanner | undefined =
    startsAt && endsAt && !endTooEarly ? { text, subtext, startsAt, endsAt, active } : undefined;

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(
      { body: { text, subtext, startsAt: draft.startsAt, endsAt: draft.endsAt, active } },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <Section title="Offer banner">
      <form onSubmit={submit} aria-label="Offer banner" className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-3">
          <label className={`${labelClasses} min-w-64 flex-1`} htmlFor={`${ids}-text`}>
            Headline
            <input
              id={`${ids}-text`}
              required
              maxLength={MAX_BANNER_TEXT}
              value={text}
              onChange={(e) => edit(setText)(e.target.value)}
              className={inputClasses}
            />
          </label>
          <label className={`${labelClasses} min-w-64 flex-1`} htmlFor={`${ids}-subtext`}>
            Line under it
            <input
              id={`${ids}-subtext`}
              required
              maxLength={MAX_BANNER_SUBTEXT}
              value={subtext}
              onChange={(e) => edit(setSubtext)(e.target.value)}
              className={inputClasses}
            />
          </label>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className={labelClasses} htmlFor={`${ids}-start`}>
            Starts
            <input
              id={`${ids}-start`}
              type="datetime-local"
              required
              value={start}
              onChange={(e) => edit(setStart)(e.target.value)}
              className={inputClasses}
            />
          </label>
          <label className={labelClasses} htmlFor={`${ids}-end`}>
            Ends
            <input
              id={`${ids}-end`}
              type="datetime-local"
              required
              value={end}
              aria-invalid={endTooEarly ? true : undefined}
              aria-describedby={endTooEarly ? `${ids}-end-problem` : undefined}
              onChange={(e) => edit(setEnd)(e.target.value)}
              className={inputClasses}
            />
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              checked={active}
              onChange={(e) => edit(setActive)(e.target.checked)}
              className="size-5"
            />
            Switched on
          </label>
          <Button
            type="submit"
            disabled={save.isPending || !draft || !text.trim() || !subtext.trim()}
          >
            Save banner
          </Button>
        </div>
        {endTooEarly && (
          <p id={`${ids}-end-problem`} role="alert" className="text-sm text-red-700">
            {OFFER_MESSAGES.bannerEndBeforeStart}
          </p>
        )}
        <Problem error={save.error} />
        {saved && (
          <p role="status" className="text-sm text-green-800">
            Saved; readers see the banner as previewed.
          </p>
        )}
      </form>
      <BannerPreview banner={draft} />
    </Section>
  );
}

// ----- FAQs --------------------------------------------------------------------

function FaqForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: DeskFaq;
  submitLabel: string;
  pending: boolean;
  onSubmit: (faq: { question: string; answer: string }, done: () => void) => void;
  onCancel?: () => void;
}) {
  const ids = useId();
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const safe = sanitizeFaqHtml(answer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ question, answer }, () => {
      if (initial) return;
      setQuestion('');
      setAnswer('');
    });
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel} className="flex flex-col gap-3">
      <label className={labelClasses} htmlFor={`${ids}-question`}>
        Question
        <input
          id={`${ids}-question`}
          required
          maxLength={MAX_FAQ_QUESTION}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          className={inputClasses}
        />
      </label>
      <label className={labelClasses} htmlFor={`${ids}-answer`}>
        Answer
        <span id={`${ids}-answer-hint`} className="font-normal text-ink-soft">
          HTML with p, b, i, em, strong, a, ul, ol, li, br and span; anything else is removed.
        </span>
        <textarea
          id={`${ids}-answer`}
          aria-describedby={`${ids}-answer-hint`}
          required
          rows={4}
          maxLength={MAX_FAQ_ANSWER}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          className={`${inputClasses} py-2 font-mono text-sm`}
        />
      </label>
      {answer.trim() && (
        <div
          role="region"
          aria-label="Answer as readers see it"
          className="rounded-lg border border-dashed border-ink/20 p-3"
        >
          <p className="mb-1 text-xs font-semibold text-ink-soft uppercase">As readers see it</p>
          <div className={ANSWER_LOOK} dangerouslySetInnerHTML={{ __html: safe }} />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending || !question.trim() || !answer.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Faqs({ brand, faqs }: { brand: BrandCode; faqs: DeskFaq[] }) {
  const add = useAddFaq(brand);
  const change = useChangeFaq(brand);
  const remove = useRemoveFaq(brand);
  const order = useOrderFaqs(brand);
  const [editing, setEditing] = useState<number | null>(null);
  const failure = add.error ?? change.error ?? remove.error ?? order.error;
  const busy = add.isPending || change.isPending || remove.isPending || order.isPending;

  const move = (index: number, by: -1 | 1) => {
    const ids = faqs.map((faq) => faq.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    order.mutate({ body: { ids } });
  };

  return (
    <Section title="Frequently asked questions">
      <Problem error={failure} />
      {faqs.length === 0 && <p className="text-ink-soft">No FAQs yet.</p>}
      <ol className="divide-y divide-ink/10" aria-label="FAQs in the order readers see them">
        {faqs.map((faq, index) => (
          <li key={faq.id} className="flex flex-col gap-2 py-3">
            {editing === faq.id ? (
              <FaqForm
                initial={faq}
                submitLabel="Save FAQ"
                pending={change.isPending}
                onSubmit={(body) =>
                  change.mutate({ id: faq.id, body }, { onSuccess: () => setEditing(null) })
                }
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <p className="font-semibold text-ink">
                    {index + 1}. {faq.question}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move up: ${faq.question}`}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy || index === faqs.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move down: ${faq.question}`}
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(faq.id)}
                      aria-label={`Edit: ${faq.question}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => remove.mutate({ id: faq.id })}
                      aria-label={`Remove: ${faq.question}`}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
                <div
                  className={`${ANSWER_LOOK} text-sm`}
                  dangerouslySetInnerHTML={{ __html: sanitizeFaqHtml(faq.answer) }}
                />
              </>
            )}
          </li>
        ))}
      </ol>
      <h3 className="font-semibold text-ink">Add a FAQ</h3>
      <FaqForm
        submitLabel="Add FAQ"
        pending={add.isPending}
        onSubmit={(body, done) => add.mutate({ body }, { onSuccess: done })}
      />
    </Section>
  );
}

// ----- testimonials --------------------------------------------------------------

interface TestimonialDraft {
  name: string;
  role: string;
  message: string;
  photo: string;
}

function TestimonialForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: DeskTestimonial;
  submitLabel: string;
  pending: boolean;
  onSubmit: (testimonial: TestimonialDraft, done: () => void) => void;
  onCancel?: () => void;
}) {
  const ids = useId();
  const empty = { name: '', role: '', message: '', photo: '' };
  const [draft, setDraft] = useState<TestimonialDraft>(
    initial ? { ...initial, photo: initial.photo ?? '' } : empty,
  );
  const field = (key: keyof TestimonialDraft) => ({
    id: `${ids}-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: e.target.value })),
    className: inputClasses,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft, () => {
      if (!initial) setDraft(empty);
    });
  };
  const filled = draft.name.trim() && draft.role.trim() && draft.message.trim();

  return (
    <form onSubmit={submit} aria-label={submitLabel} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <label className={`${labelClasses} min-w-48 flex-1`} htmlFor={`${ids}-name`}>
          Name
          <input required maxLength={MAX_TESTIMONIAL_NAME} {...field('name')} />
        </label>
        <label className={`${labelClasses} min-w-48 flex-1`} htmlFor={`${ids}-role`}>
          Who they are
          <input required maxLength={MAX_TESTIMONIAL_ROLE} {...field('role')} />
        </label>
        <label className={`${labelClasses} min-w-48 flex-1`} htmlFor={`${ids}-photo`}>
          Photo path (optional)
          <input
            maxLength={MAX_TESTIMONIAL_PHOTO}
            placeholder="/marketing/readers/portrait-1.svg"
            {...field('photo')}
          />
        </label>
      </div>
      <label className={labelClasses} htmlFor={`${ids}-message`}>
        What they said
        <textarea
          required
          rows={3}
          maxLength={MAX_TESTIMONIAL_MESSAGE}
          {...field('message')}
          className={`${inputClasses} py-2`}
        />
      </label>
      {filled && (
        <figure
          aria-label="Testimonial as readers see it"
          className="rounded-lg border border-dashed border-ink/20 p-3"
        >
          <blockquote className="text-ink">“{draft.message.trim()}”</blockquote>
          <figcaption className="mt-2 text-sm">
            <span className="font-semibold text-ink">{draft.name.trim()}</span>
            <span className="text-ink-soft"> · {draft.role.trim()}</span>
          </figcaption>
        </figure>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending || !filled}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Testimonials({
  brand,
  testimonials,
}: {
  brand: BrandCode;
  testimonials: DeskTestimonial[];
}) {
  const add = useAddTestimonial(brand);
  const change = useChangeTestimonial(brand);
  const remove = useRemoveTestimonial(brand);
  const [editing, setEditing] = useState<number | null>(null);
  const failure = add.error ?? change.error ?? remove.error;
  const body = (draft: TestimonialDraft) => ({ ...draft, photo: draft.photo.trim() || null });

  return (
    <Section title="Testimonials">
      <p className="text-sm text-ink-soft">
        {testimonials.length} of {MAX_TESTIMONIALS} the subscribe page shows.
      </p>
      <Problem error={failure} />
      <ul className="divide-y divide-ink/10">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id} className="py-3">
            {editing === testimonial.id ? (
              <TestimonialForm
                initial={testimonial}
                submitLabel="Save testimonial"
                pending={change.isPending}
                onSubmit={(draft) =>
                  change.mutate(
                    { id: testimonial.id, body: body(draft) },
                    { onSuccess: () => setEditing(null) },
                  )
                }
                onCancel={() => setEditing(null)}
              />
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p>
                  <span className="font-semibold text-ink">{testimonial.name}</span>
                  <span className="text-ink-soft"> · {testimonial.role}</span>
                  <span className="mt-1 block text-sm text-ink">“{testimonial.message}”</span>
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(testimonial.id)}
                    aria-label={`Edit the testimonial of ${testimonial.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ id: testimonial.id })}
                    aria-label={`Remove the testimonial of ${testimonial.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {testimonials.length < MAX_TESTIMONIALS ? (
        <>
          <h3 className="font-semibold text-ink">Add a testimonial</h3>
          <TestimonialForm
            submitLabel="Add testimonial"
            pending={add.isPending}
            onSubmit={(draft, done) => add.mutate({ body: body(draft) }, { onSuccess: done })}
          />
        </>
      ) : (
        <p className="text-sm text-ink-soft">{OFFER_MESSAGES.testimonialsFull}</p>
      )}
    </Section>
  );
}

// ----- the tab ---------------------------------------------------------------------

export function Offers({ brand }: { brand: BrandCode }) {
  const offers = useOffers(brand);
  if (offers.isPending) return <p role="status">Loading offers...</p>;
  if (offers.error) return <Problem error={offers.error} />;
  const { banner, faqs, testimonials, subscribers } = offers.data;
  return (
    <div className="flex flex-col gap-10">
      {/* Keyed by brand, so another paper starts its forms afresh. */}
      <BannerEditor key={`banner:${brand}`} brand={brand} banner={banner} />
      <Section title="Subscriber count">
        <p className="text-sm text-ink-soft">
          Counted from running subscriptions; the subscribe page shows it as:
        </p>
        <p className="rounded-lg bg-brand px-4 py-3 text-center text-white">
          <span className="font-serif text-2xl font-bold">
            {subscribers.toLocaleString('en-IN')}+
          </span>{' '}
          Satisfied Subscribers And Counting
        </p>
      </Section>
      <Faqs key={`faqs:${brand}`} brand={brand} faqs={faqs} />
      <Testimonials key={`testimonials:${brand}`} brand={brand} testimonials={testimonials} />
    </div>
  );
}
