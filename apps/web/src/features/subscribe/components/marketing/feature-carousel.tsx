// The subscribe page's feature carousel (spec 2 §2, §9): six benefits, three to a
// slide (one on phones, under 768 px), moving on every 4 s and holding still for
// 5 s after the reader moves it. Slides out of view are inert, so keyboard and
// screen-reader users meet only the three on screen.
import { fillReleaseTime, type Brand } from '@folio/core';
import { useViewportSize } from '../../../../shared/hooks/use-viewport-size.ts';
import { MOBILE_BREAKPOINT_PX } from '../../../../shared/lib/ui-constants.ts';
import { ChevronLeftIcon, ChevronRightIcon, Icon } from '../../../../shared/ui/icons.tsx';
import { useAutoAdvance } from './use-auto-advance.ts';

export const FEATURE_ADVANCE_MS = 4_000;

interface Feature {
  title: string;
  /** `{releaseTime}` is written as the brand's release time. */
  description: string;
  /** A line icon on the shared 24-unit grid. */
  icon: string;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'Downloadable Articles',
    description:
      'Keep a clipping of any article, marked with its edition date, to read offline or share.',
    icon: 'M12 4v11m0 0l-4-4m4 4l4-4M5 19h14',
  },
  {
    title: 'Listen on the Go',
    description: 'Have the day’s stories read aloud on your commute, on a walk or in the kitchen.',
    icon: 'M4 15v-3a8 8 0 0 1 16 0v3M4 15h3v5H4zM17 15h3v5h-3z',
  },
  {
    title: 'A Legacy of Trust',
    description: 'Over 75 years of journalism Karnataka has relied on, now on every screen.',
    icon: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z',
  },
  {
    title: 'Multi-Device Access',
    description: 'One subscription on your phone, tablet and computer. Read wherever you are.',
    icon: 'M3 5h13v10H3zM7 19h5M18 9h3v10h-3z',
  },
  {
    title: 'Your Partner in Staying Informed',
    description:
      'City, state, national and world news, opinion and sport, every morning from {releaseTime}.',
    icon: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5',
  },
  {
    title: 'Your Daily Dose of Credible News',
    description: 'Reported, checked and edited by our newsroom, exactly as it appears in print.',
    icon: 'M5 12l4 4 10-10',
  },
];

function slidesOf<T>(items: readonly T[], perSlide: number): T[][] {
  const slides: T[][] = [];
  for (let at = 0; at < items.length; at += perSlide) slides.push(items.slice(at, at + perSlide));
  return slides;
}

export function FeatureCarousel({ brand }: { brand: Pick<Brand, 'releaseTime'> }) {
  const { width } = useViewportSize();
  const perSlide = width < MOBILE_BREAKPOINT_PX ? 1 : 3;
  const slides = slidesOf(FEATURES, perSlide);
  const { index, next, previous } = useAutoAdvance(slides.length, FEATURE_ADVANCE_MS);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Subscriber benefits"
      className="flex items-center gap-2 sm:gap-4"
    >
      <CarouselArrow label="Previous features" onClick={previous} direction="previous" />
      <div className="min-w-0 flex-1 overflow-hidden">
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, slideIndex) => (
            <div
              key={slide.map((feature) => feature.title).join()}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${slides.length}`}
              aria-hidden={slideIndex !== index}
              inert={slideIndex !== index}
              className={`grid w-full shrink-0 gap-4 px-1 ${perSlide === 3 ? 'grid-cols-3' : ''}`}
            >
              {slide.map((feature) => (
                <article key={feature.title} className="rounded-2xl bg-white p-5 shadow-sm">
                  {/* Sized by its class alone: the frame's width and height are left out. */}
                  <Icon
                    className="size-9 rounded-full bg-brand/10 p-2 text-brand"
                    width={undefined}
                    height={undefined}
                  >
                    <path d={feature.icon} />
                  </Icon>
                  <h3 className="mt-3 font-serif text-lg font-bold text-brand">{feature.title}</h3>
                  <p className="mt-1 text-sm text-ink-soft">
                    {fillReleaseTime(feature.description, brand)}
                  </p>
                </article>
              ))}
            </div>
          ))}
        </div>
      </div>
      <CarouselArrow label="Next features" onClick={next} direction="next" />
    </section>
  );
}

interface CarouselArrowProps {
  label: string;
  onClick: () => void;
  direction: 'previous' | 'next';
}

export function CarouselArrow({ label, onClick, direction }: CarouselArrowProps) {
  const Chevron = direction === 'previous' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-10 shrink-0 cursor-pointer place-items-center rounded-full bg-white text-brand shadow-sm ring-1 ring-ink/10 hover:bg-brand hover:text-white"
    >
      <Chevron />
    </button>
  );
}
