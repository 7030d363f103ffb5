// Everything on /subscribe below the plans (spec 2 §2), in the spec's order:
// features, the subscriber count, why the paper, readers' words, FAQs, support.
import type { Brand } from '@folio/core';
import { FacingIssues } from './facing-issues.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeatureCarousel } from './feature-carousel.tsx';
import { SubscriberCount } from './subscriber-count.tsx';
import { Testimonials } from './testimonials.tsx';
import { useFaqAnchor } from './use-faq-anchor.ts';
import { WhyChoose } from './why-choose.tsx';

export function SubscribeMarketing({ brand }: { brand: Brand }) {
  useFaqAnchor();
  return (
    <div className="mx-auto mt-16 flex max-w-6xl flex-col gap-16">
      <FeatureCarousel brand={brand} />
      <SubscriberCount publisher={brand.publisher} />
      <WhyChoose brand={brand} />
      <Testimonials publisher={brand.publisher} />
      <FaqSection publisher={brand.publisher} />
      <FacingIssues brand={brand} />
    </div>
  );
}
