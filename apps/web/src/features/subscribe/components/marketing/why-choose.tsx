// 'Why Choose DH?' (spec 2 §2): the case for the paper itself, led by its age.
import type { Brand } from '@folio/core';

/** The paper has been published since 1948. */
const YEARS_OF_TRUST = 75;

export function WhyChoose({ brand }: { brand: Brand }) {
  const reasons = [
    {
      title: `${YEARS_OF_TRUST}+ years of trust`,
      text: `For over ${YEARS_OF_TRUST} years, ${brand.name} has brought Karnataka news it can rely on, and it still does every morning.`,
    },
    {
      title: 'The whole paper, as printed',
      text: 'Every page of every edition, laid out as it was printed, not a feed picked for you.',
    },
    {
      title: 'Archives at your fingertips',
      text: 'Go back through editions since 2020 to find the story you remember.',
    },
  ];
  return (
    <section aria-labelledby="why-choose-title" className="text-center">
      <h2 id="why-choose-title" className="font-serif text-2xl font-bold text-brand sm:text-3xl">
        Why Choose {brand.publisher}?
      </h2>
      <ul className="mt-6 grid gap-4 text-left sm:grid-cols-3">
        {reasons.map((reason) => (
          <li key={reason.title} className="rounded-2xl bg-white p-5 shadow-sm">
            <h3 className="font-semibold text-ink">{reason.title}</h3>
            <p className="mt-1 text-sm text-ink-soft">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
