// 'What Our Readers Say' (spec 2 §2, §9): at most 10 testimonials, each a message,
// a photo (the default avatar when there is none), a name and a role. Phones get
// one slide at a time, 80% wide so the next one peeks in, moved by swiping (50 px)
// or the dots; wider screens a 3-column grid paged with arrows. Either moves on
// every 3 s and holds still for 5 s after the reader moves it.
import type { Testimonial } from '@folio/core';
import { useRef, type TouchEvent } from 'react';
import { useViewportSize } from '../../../../shared/hooks/use-viewport-size.ts';
import { MOBILE_BREAKPOINT_PX } from '../../../../shared/lib/ui-constants.ts';
import { useTestimonials } from '../../marketing-api.ts';
import { CarouselArrow } from './feature-carousel.tsx';
import { useAutoAdvance } from './use-auto-advance.ts';

export const TESTIMONIAL_ADVANCE_MS = 3_000;
/** Spec 2 §5: swipe threshold 50 px. */
export const SWIPE_THRESHOLD_PX = 50;
export const DEFAULT_AVATAR = '/marketing/default-avatar.svg';
const PER_PAGE = 3;

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm">
      <blockquote className="flex-1 text-ink">“{testimonial.message}”</blockquote>
      <figcaption className="mt-4 flex items-center gap-3">
        <img
          src={testimonial.photo ?? DEFAULT_AVATAR}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          // A photo that fails to load falls back to the avatar, not a broken image.
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
              event.currentTarget.src = DEFAULT_AVATAR;
          }}
          className="size-12 shrink-0 rounded-full bg-paper object-cover"
        />
        <span>
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-sm text-ink-soft">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** A horizontal swipe of at least 50 px; a mostly vertical one is the page scrolling. */
function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(touch.clientY - from.y))
        return;
      if (dx < 0) onNext();
      else onPrevious();
    },
  };
}

function MobileSlides({ testimonials }: { testimonials: Testimonial[] }) {
  const { index, next, previous, goTo } = useAutoAdvance(
    testimonials.length,
    TESTIMONIAL_ADVANCE_MS,
  );
  const swipe = useSwipe(next, previous);
  return (
    <div>
      <div className="overflow-hidden" {...swipe}>
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          // Each slide is 80% wide; the current one sits in the middle.
          style={{ transform: `translateX(${10 - index * 80}%)` }}
        >
          {testimonials.map((testimonial, at) => (
            <div
              key={`${testimonial.name}-${at}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${at + 1} of ${testimonials.length}`}
              aria-hidden={at !== index}
              className="w-4/5 shrink-0 px-2"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
      </div>
      {/* Each dot is drawn 10 px wide inside a 24 px button: a target a thumb can hit. */}
      <div className="mt-3 flex justify-center">
        {testimonials.map((testimonial, at) => (
          <button
            key={`${testimonial.name}-${at}`}
            type="button"
            aria-label={`Show testimonial ${at + 1}`}
            aria-current={at === index}
            onClick={() => goTo(at)}
            className="grid size-6 cursor-pointer place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full ${at === index ? 'bg-brand' : 'bg-ink/20'}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}

function DesktopGrid({ testimonials }: { testimonials: Testimonial[] }) {
  const pages: Testimonial[][] = [];
  for (let at = 0; at < testimonials.length; at += PER_PAGE)
    pages.push(testimonials.slice(at, at + PER_PAGE));
  const { index, next, previous } = useAutoAdvance(pages.length, TESTIMONIAL_ADVANCE_MS);
  return (
    <div className="flex items-center gap-4">
      <CarouselArrow label="Previous testimonials" onClick={previous} direction="previous" />
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${pages.length}`}
        className="grid flex-1 grid-cols-3 gap-4"
      >
        {(pages[index] ?? []).map((testimonial, at) => (
          <TestimonialCard key={`${testimonial.name}-${at}`} testimonial={testimonial} />
        ))}
      </div>
      <CarouselArrow label="Next testimonials" onClick={next} direction="next" />
    </div>
  );
}

export function Testimonials({ publisher }: { publisher: string }) {
  const query = useTestimonials(publisher);
  const { width } = useViewportSize();
  // At most 10 (spec 2 §9): the fetcher keeps no more.
  const testimonials = query.data ?? [];
  if (testimonials.length === 0) return null;
  return (
    <section
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
      className="text-center"
    >
      <h2 id="testimonials-title" className="font-serif text-2xl font-bold text-brand sm:text-3xl">
        What Our Readers Say
      </h2>
      <div className="mt-6 text-left">
        {width < MOBILE_BREAKPOINT_PX ? (
          <MobileSlides testimonials={testimonials} />
        ) : (
          <DesktopGrid testimonials={testimonials} />
        )}
      </div>
    </section>
  );
}
