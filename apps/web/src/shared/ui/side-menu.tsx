// The side menu (spec 1 §2 "Side menu"): the places a reader goes besides the
// page, and the brand's support contacts. Loaded on first opening (side-menu-button.tsx),
// so the reader's first load does not carry it. It is the shared modal Dialog,
// which traps focus, answers Escape, locks the page behind and hands focus back
// to the menu button on close.
import type { Brand } from '@folio/core';
import { useContext, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../api/auth-session.ts';
import { AUTH_PATHS } from '../lib/auth-navigation.ts';
import { Dialog } from './dialog.tsx';
import { BookmarkIcon, UserIcon } from './icons.tsx';
import { ChatIcon, HelpIcon, HomeIcon, MailIcon, SearchIcon } from './side-menu-icons.tsx';
import { HomeLinkContext } from './site-header.tsx';

export const MENU_PATHS = {
  search: '/search',
  savedArticles: '/saved-articles',
  faqs: '/faqs',
  contact: '/contact',
} as const;

/** Spec 1 §2 and §9, word for word. */
export const SUPPORT_HOURS = 'Working Hours Mon - Fri : 10:00 AM to 6:00 PM';

/** A WhatsApp chat with the number, which wa.me takes as digits with the country code. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

interface SideMenuProps {
  brand: Brand;
  onClose: () => void;
  /** A visitor asked for Saved Articles: the menu gives way to the subscriber popup. */
  onSavedArticlesLocked: () => void;
}

const ENTRY =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base font-medium text-ink hover:bg-paper hover:text-brand';

type EntryIcon = ComponentType<SVGProps<SVGSVGElement>>;

function EntryLabel({ Icon, children }: { Icon: EntryIcon; children: ReactNode }) {
  return (
    <>
      <Icon className="shrink-0 text-brand" />
      {children}
    </>
  );
}

export function SideMenu({ brand, onClose, onSavedArticlesLocked }: SideMenuProps) {
  const home = useContext(HomeLinkContext);
  const { status } = useAuth();
  const { whatsapp, email } = brand.support;

  return (
    <Dialog title="Menu" placement="side" onClose={onClose}>
      <nav aria-label="Site">
        <ul className="-mx-3 space-y-1">
          <li>
            {/* Today's front page of the reader's edition, wherever the reader was (spec 1 §2). */}
            <Link
              to={home}
              className={ENTRY}
              onClick={() => {
                onClose();
                window.scrollTo({ top: 0 });
              }}
            >
              <EntryLabel Icon={HomeIcon}>Home</EntryLabel>
            </Link>
          </li>
          <li>
            <Link to={MENU_PATHS.search} className={ENTRY} onClick={onClose}>
              <EntryLabel Icon={SearchIcon}>Search</EntryLabel>
            </Link>
          </li>
          {status === 'signed-in' && (
            <li>
              <Link to={AUTH_PATHS.profile} className={ENTRY} onClick={onClose}>
                <EntryLabel Icon={UserIcon}>My Profile</EntryLabel>
              </Link>
            </li>
          )}
          <li>
            {status === 'signed-out' ? (
              <button type="button" className={ENTRY} onClick={onSavedArticlesLocked}>
                <EntryLabel Icon={BookmarkIcon}>Saved Articles</EntryLabel>
              </button>
            ) : (
              <Link to={MENU_PATHS.savedArticles} className={ENTRY} onClick={onClose}>
                <EntryLabel Icon={BookmarkIcon}>Saved Articles</EntryLabel>
              </Link>
            )}
          </li>
          <li>
            <Link to={MENU_PATHS.faqs} className={ENTRY} onClick={onClose}>
              <EntryLabel Icon={HelpIcon}>FAQs</EntryLabel>
            </Link>
          </li>
          <li>
            {/* Spec 1 §2: the contact page opens in a new tab, leaving the reader's page as it is. */}
            <a
              href={MENU_PATHS.contact}
              target="_blank"
              rel="noopener noreferrer"
              className={ENTRY}
            >
              <EntryLabel Icon={MailIcon}>Get in touch</EntryLabel>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>

      <section
        aria-labelledby="side-menu-support"
        className="mt-6 rounded-xl bg-paper p-4 text-sm text-ink"
      >
        <h3 id="side-menu-support" className="font-serif text-lg font-bold text-brand">
          Facing Issues?
        </h3>
        <ul className="mt-3 space-y-2">
          <li>
            <a
              href={whatsappHref(whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center gap-2 font-semibold text-brand underline"
            >
              <ChatIcon className="shrink-0" />
              <span>
                <span className="sr-only">WhatsApp </span>
                {whatsapp}
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${email}`}
              className="inline-flex min-h-10 items-center gap-2 font-semibold break-all text-brand underline"
            >
              <MailIcon className="shrink-0" />
              <span>
                <span className="sr-only">E-mail </span>
                {email}
              </span>
            </a>
          </li>
        </ul>
        <p className="mt-3 text-ink-soft">{SUPPORT_HOURS}</p>
      </section>
    </Dialog>
  );
}
