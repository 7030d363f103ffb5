// The frame of the article view and the ad viewer (spec 2 §2): the site header
// with the screen's actions and a Close back to the reader's page, the content,
// the reading controls at the foot, and the access popup for a locked page. The
// content waits for the edition, and gives way to a notice when the hotspot is
// locked or missing.
import { MESSAGES, type EpaperData, type Brand } from '@folio/core';
import type { ClipboardEventHandler, MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import type { HotspotPlace } from '../hooks/use-hotspot-place.ts';
import type { FoundHotspot } from '../lib/find-hotspot.ts';
import { isApiError } from '../lib/http.ts';
import { lockWords, type LockedThing } from '../lib/lock-words.ts';
import { CloseIcon } from './icons.tsx';
import { LockedNotice, PageLockPopup } from './locked-access.tsx';
import { ScreenStatus } from './screen-status.tsx';
import { SiteHeader } from './site-header.tsx';

interface HotspotViewerProps {
  brand: Brand;
  place: HotspotPlace<unknown>;
  /** The Close link's accessible name. */
  closeLabel: string;
  headerHidden?: boolean;
  /** The screen's own header actions, before Close. */
  actions?: ReactNode;
  onCopy?: ClipboardEventHandler<HTMLElement>;
  onContextMenu?: MouseEventHandler<HTMLElement>;
  /** The reading controls at the foot of the screen. */
  toolbar?: ReactNode;
  /** Dialogs of the screen's own, over everything. */
  dialogs?: ReactNode;
  children: ReactNode;
}

export function HotspotViewer({ brand, place, closeLabel, ...props }: HotspotViewerProps) {
  return (
    <>
      <SiteHeader brand={brand} hidden={props.headerHidden}>
        {props.actions}
        <Link
          to={place.backHref}
          aria-label={closeLabel}
          className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
        >
          <CloseIcon />
          <span className="hidden sm:inline">Close</span>
        </Link>
      </SiteHeader>
      <main
        id="main"
        tabIndex={-1}
        className="min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6"
        onCopy={props.onCopy}
        onContextMenu={props.onContextMenu}
      >
        {props.children}
      </main>
      {props.toolbar}
      <PageLockPopup lock={place.lock} />
      {props.dialogs}
    </>
  );
}

interface HotspotBodyProps<T> {
  place: HotspotPlace<T>;
  /** What the screen says while loading and for a missing hotspot, and what it shows. */
  texts: { loading: string; thing: LockedThing; notFound: string };
  children: (found: FoundHotspot<T>, data: EpaperData) => ReactNode;
}

/** The hotspot once the edition has it and the reader may open its page; else why not. */
export function HotspotBody<T>({ place, texts, children }: HotspotBodyProps<T>) {
  const { content, lock, found } = place;
  if (content.isPending) return <ScreenStatus>{texts.loading}</ScreenStatus>;
  if (content.isError && !isApiError(content.error, 404))
    return <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>;
  if (lock.reason !== null) {
    const words = lockWords(lock.reason, texts.thing);
    return (
      <LockedNotice action={words.action} onShow={lock.popup.show}>
        {words.note}
      </LockedNotice>
    );
  }
  if (!found || !content.data) return <ScreenStatus tone="problem">{texts.notFound}</ScreenStatus>;
  return children(found, content.data);
}
