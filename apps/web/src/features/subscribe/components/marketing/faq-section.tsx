// 'Frequently Asked Questions' on the subscribe page (spec 2 §2): the shared FAQ
// accordion under its heading, the target of /subscribe#faqs.
import { FaqList } from '../../../../shared/ui/faq-list.tsx';

/** The section's id, the target of /subscribe#faqs. */
export const FAQS_ID = 'faqs';

export function FaqSection({ publisher }: { publisher: string }) {
  return (
    <section id={FAQS_ID} aria-labelledby="faqs-title" className="scroll-mt-20">
      <h2
        id="faqs-title"
        className="text-center font-serif text-2xl font-bold text-brand sm:text-3xl"
      >
        Frequently Asked Questions
      </h2>
      <FaqList publisher={publisher} />
    </section>
  );
}
