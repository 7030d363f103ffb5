// The frame of the payment result screens (spec 2 §2 "Payment success", "Payment
// failure"): the site header, and a centred mark, heading and what follows.
import type { ReactNode } from 'react';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { SiteHeader } from '../../../shared/ui/site-header.tsx';

const MARKS = {
  success: { sign: '✓', colours: ['bg-emerald-100', 'text-emerald-700'] },
  failure: { sign: '✕', colours: ['bg-red-100', 'text-red-700'] },
} as const;

export function PaymentResult({
  outcome,
  title,
  children,
}: {
  outcome: keyof typeof MARKS;
  title: string;
  children: ReactNode;
}) {
  const { brand } = useAppConfig();
  const { sign, colours } = MARKS[outcome];
  return (
    <>
      <SiteHeader brand={brand} />
      <main
        id="main"
        className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-6 text-center"
      >
        <div
          aria-hidden="true"
          className={`flex size-20 items-center justify-center rounded-full ${colours[0]} text-4xl ${colours[1]}`}
        >
          {sign}
        </div>
        <h1 className="mt-6 font-serif text-3xl font-bold text-brand">{title}</h1>
        {children}
      </main>
    </>
  );
}
