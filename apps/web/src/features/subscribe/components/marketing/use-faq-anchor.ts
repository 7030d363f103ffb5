// /subscribe#faqs (spec 2 §2, §9): the FAQ section is scrolled into view 300 ms
// after the page opens with that anchor, once the sections above have had a moment
// to take their place.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FAQS_ID } from './faq-section.tsx';
import { usePrefersReducedMotion } from './use-auto-advance.ts';

/** Spec 2 §9: anchor scroll delay 300 ms. */
export const FAQ_ANCHOR_DELAY_MS = 300;

export function useFaqAnchor(): void {
  const { hash } = useLocation();
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (hash !== `#${FAQS_ID}`) return;
    const timer = setTimeout(() => {
      document
        .getElementById(FAQS_ID)
        ?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    }, FAQ_ANCHOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, reducedMotion]);
}
