// Frame of the login and code screens (spec 1 §2 "Login screen"): the brand's
// background image and logo in a side panel from medium screens up, the form
// beside it, and a footer that names every paper one login opens.
import { BRAND_CODES, BRANDS, type Brand } from '@folio/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** English daily, its e-paper, Kannada daily, its e-paper: the footer's fixed order. */
const FAMILY = [
  ...BRAND_CODES.filter((code) => BRANDS[code].language === 'en'),
  ...BRAND_CODES.filter((code) => BRANDS[code].language !== 'en'),
].flatMap((code) => [
  { key: `${code}-daily`, src: BRANDS[code].logo, alt: BRANDS[code].name, square: true },
  {
    key: `${code}-epaper`,
    src: BRANDS[code].header_logo,
    alt: BRANDS[code].logoAlt,
    square: false,
  },
]);

interface AuthLayoutProps {
  brand: Brand;
  children: ReactNode;
}

export function AuthLayout({ brand, children }: AuthLayoutProps) {
  return (
    <main
      id="main"
      className="flex min-h-dvh items-stretch justify-center bg-paper sm:items-center sm:p-6"
    >
      <div className="flex w-full max-w-4xl overflow-hidden bg-white shadow-xl sm:rounded-2xl md:min-h-[600px]">
        <aside
          aria-hidden="true"
          className="relative hidden w-5/12 shrink-0 items-center justify-center bg-brand bg-cover bg-center md:flex"
          style={{ backgroundImage: `url(${brand.bgimage})` }}
        >
          <img
            src={brand.logo}
            alt=""
            width="176"
            height="176"
            className="size-44 drop-shadow-xl"
          />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col px-5 pt-6 pb-5 sm:px-10 sm:pt-10">
          <Link
            to="/"
            className="mb-8 self-start rounded-md md:hidden"
            aria-label={`${brand.logoAlt}: home`}
          >
            <img src={brand.header_logo} alt="" width="180" height="32" className="h-8 w-auto" />
          </Link>
          <div className="flex flex-1 flex-col">{children}</div>
          <footer className="mt-10 border-t border-ink/10 pt-5 text-center">
            <p className="text-sm font-semibold text-ink-soft">Your Login, Simplified</p>
            <ul className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
              {FAMILY.map((logo) => (
                <li key={logo.key}>
                  <img
                    src={logo.src}
                    alt={logo.alt}
                    width={logo.square ? 32 : 120}
                    height="32"
                    className={logo.square ? 'size-8' : 'h-6 w-auto'}
                  />
                </li>
              ))}
            </ul>
          </footer>
        </div>
      </div>
    </main>
  );
}
