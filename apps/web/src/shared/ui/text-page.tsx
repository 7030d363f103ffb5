// A page of text under the site header (the contact and legal pages): one column,
// its heading first.
import type { ReactNode } from 'react';

interface TextPageProps {
  header: ReactNode;
  /** The column's widest, as a Tailwind max-width class. */
  width: 'max-w-xl' | 'max-w-3xl';
  title: string;
  children: ReactNode;
}

export function TextPage({ header, width, title, children }: TextPageProps) {
  return (
    <>
      {header}
      <main id="main" className={`mx-auto w-full ${width} px-4 pt-20 pb-12 sm:px-6`}>
        <h1 className="font-serif text-2xl font-bold text-brand sm:text-3xl">{title}</h1>
        {children}
      </main>
    </>
  );
}
