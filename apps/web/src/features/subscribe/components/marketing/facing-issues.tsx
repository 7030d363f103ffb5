// 'Facing Issues?' (spec 2 §2): the brand's fixed support address.
import type { Brand } from '@folio/core';

export function FacingIssues({ brand }: { brand: Brand }) {
  const { email } = brand.support;
  return (
    <section aria-labelledby="facing-issues-title" className="text-center">
      <h2 id="facing-issues-title" className="font-serif text-2xl font-bold text-brand">
        Facing Issues?
      </h2>
      <p className="mt-2 text-ink-soft">
        Write to us at{' '}
        <a href={`mailto:${email}`} className="font-semibold text-brand underline">
          {email}
        </a>
      </p>
    </section>
  );
}
