// The business desk's offers (issue 27 part 2): the discount banner and its window,
// the subscribe page's FAQs and testimonials, changed by an admin and answered by
// the reader's routes from the next request on (nothing of them is kept in memory).
// A refusal changes nothing; every change is in the audit log with who, when, and
// the thing before and after.
import { MAX_TESTIMONIALS, type BrandCode } from '@folio/core';
import {
  MAX_FAQS,
  OFFER_MESSAGES,
  type DeskBanner,
  type DeskFaq,
  type DeskOffers as DeskOffersAnswer,
  type DeskTestimonial,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { AuditRepo, DeskActor } from '../desk/index.ts';
import { faqAnswerText, sanitizeFaqAnswer } from './answer-html.ts';
import type { DeskBannerRow, MarketingRepo } from './repo.ts';
import type { MarketingService } from './service.ts';

export interface BannerValues {
  text: string;
  subtext: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export interface TestimonialValues {
  name: string;
  role: string;
  message: string;
  photo: string | null;
}

function toBanner(row: DeskBannerRow): DeskBanner {
  return {
    text: row.banner_text,
    subtext: row.banner_subtext,
    startsAt: row.start_at.toISOString(),
    endsAt: row.expiry_at.toISOString(),
    active: row.is_active,
  };
}

/**
 * An answer as readers may see it: the FAQ allow-list, links https in the same tab.
 * Stored that way, so what the desk previews is what is kept; refused when cleaning
 * leaves no words (an answer that was only a script).
 */
function safeAnswer(answer: string): string {
  const safe = sanitizeFaqAnswer(answer);
  if (faqAnswerText(safe) === '') throw new BadRequestError(OFFER_MESSAGES.answerNothingLeft);
  return safe;
}

export class DeskOffers {
  constructor(
    private readonly repo: MarketingRepo,
    private readonly marketing: MarketingService,
    private readonly auditLog: AuditRepo,
    private readonly now: () => Date,
  ) {}

  private async record(
    actor: DeskActor,
    entry: { action: string; subject: string; before?: unknown; after?: unknown },
  ): Promise<void> {
    await this.auditLog.write(
      { actorId: actor.userId, actor: actor.email, role: actor.role, ...entry },
      this.now(),
    );
  }

  /** What the desk edits for a brand, in the order readers see it. */
  async offers(brand: BrandCode): Promise<DeskOffersAnswer> {
    const [banner, faqs, testimonials, subscribers] = await Promise.all([
      this.repo.deskBanner(brand),
      // Cleaned as readers get them: a row stored before the desk (seeded) may not be.
      this.marketing.faqs(brand),
      this.repo.listAllTestimonials(brand),
      this.marketing.subscriberCount(brand),
    ]);
    return {
      brand,
      banner: banner ? toBanner(banner) : null,
      faqs,
      testimonials,
      subscribers,
    };
  }

  async saveBanner(actor: DeskActor, brand: BrandCode, banner: BannerValues) {
    const { before, after } = await this.repo.saveBanner(brand, {
      banner_text: banner.text,
      banner_subtext: banner.subtext,
      start_at: new Date(banner.startsAt),
      expiry_at: new Date(banner.endsAt),
      is_active: banner.active,
    });
    await this.record(actor, {
      action: before ? 'banner.change' : 'banner.add',
      subject: `banner:${brand}`,
      before: before ? toBanner(before) : undefined,
      after: toBanner(after),
    });
    return this.offers(brand);
  }

  async addFaq(actor: DeskActor, brand: BrandCode, faq: { question: string; answer: string }) {
    const added = await this.repo.addFaq(
      brand,
      { question: faq.question, answer: safeAnswer(faq.answer) },
      MAX_FAQS,
    );
    if (!added) throw new ConflictError(OFFER_MESSAGES.faqsFull);
    await this.record(actor, {
      action: 'faq.add',
      subject: `faq:${brand}:${added.id}`,
      after: added satisfies DeskFaq,
    });
    return this.offers(brand);
  }

  async changeFaq(
    actor: DeskActor,
    brand: BrandCode,
    id: number,
    change: { question?: string | undefined; answer?: string | undefined },
  ) {
    const answer = change.answer === undefined ? undefined : safeAnswer(change.answer);
    const before = await this.repo.findFaq(brand, id);
    if (!before) throw new NotFoundError(OFFER_MESSAGES.faqNotFound);
    const after = await this.repo.updateFaq(brand, id, {
      ...(change.question === undefined ? {} : { question: change.question }),
      ...(answer === undefined ? {} : { answer }),
    });
    if (!after) throw new NotFoundError(OFFER_MESSAGES.faqNotFound);
    await this.record(actor, {
      action: 'faq.change',
      subject: `faq:${brand}:${id}`,
      before,
      after,
    });
    return this.offers(brand);
  }

  async removeFaq(actor: DeskActor, brand: BrandCode, id: number) {
    const removed = await this.repo.deleteFaq(brand, id);
    if (!removed) throw new NotFoundError(OFFER_MESSAGES.faqNotFound);
    await this.record(actor, {
      action: 'faq.remove',
      subject: `faq:${brand}:${id}`,
      before: removed,
    });
    return this.offers(brand);
  }

  /** `ids` names every FAQ of the brand once, first shown first; a stale list is a 409. */
  async orderFaqs(actor: DeskActor, brand: BrandCode, ids: readonly number[]) {
    const before = await this.repo.orderFaqs(brand, ids);
    if (!before) throw new ConflictError(OFFER_MESSAGES.faqOrderChanged);
    await this.record(actor, {
      action: 'faq.order',
      subject: `faqs:${brand}`,
      before,
      after: [...ids],
    });
    return this.offers(brand);
  }

  async addTestimonial(actor: DeskActor, brand: BrandCode, testimonial: TestimonialValues) {
    const added = await this.repo.addTestimonial(brand, testimonial, MAX_TESTIMONIALS);
    if (!added) throw new ConflictError(OFFER_MESSAGES.testimonialsFull);
    await this.record(actor, {
      action: 'testimonial.add',
      subject: `testimonial:${brand}:${added.id}`,
      after: added satisfies DeskTestimonial,
    });
    return this.offers(brand);
  }

  async changeTestimonial(
    actor: DeskActor,
    brand: BrandCode,
    id: number,
    change: Partial<{ [K in keyof TestimonialValues]: TestimonialValues[K] | undefined }>,
  ) {
    const before = await this.repo.findTestimonial(brand, id);
    if (!before) throw new NotFoundError(OFFER_MESSAGES.testimonialNotFound);
    const values = Object.fromEntries(
      Object.entries(change).filter(([, value]) => value !== undefined),
    ) as Partial<TestimonialValues>;
    const after = await this.repo.updateTestimonial(brand, id, values);
    if (!after) throw new NotFoundError(OFFER_MESSAGES.testimonialNotFound);
    await this.record(actor, {
      action: 'testimonial.change',
      subject: `testimonial:${brand}:${id}`,
      before,
      after,
    });
    return this.offers(brand);
  }

  async removeTestimonial(actor: DeskActor, brand: BrandCode, id: number) {
    const removed = await this.repo.deleteTestimonial(brand, id);
    if (!removed) throw new NotFoundError(OFFER_MESSAGES.testimonialNotFound);
    await this.record(actor, {
      action: 'testimonial.remove',
      subject: `testimonial:${brand}:${id}`,
      before: removed,
    });
    return this.offers(brand);
  }
}
