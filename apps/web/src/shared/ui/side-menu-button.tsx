// The header's side-menu button (spec 1 §2 "Reader screen"). The menu, and the
// subscriber popup a visitor's Saved Articles opens, are fetched on first use: the
// button is all the reader's first load carries. The popup is held here rather
// than in the menu, so it outlives the menu, and focus comes back to this button
// after either closes.
import { lazy, Suspense, useState } from 'react';
import type { Brand } from '@folio/core';
import { MenuIcon } from './icons.tsx';

// Asked for as soon as the pointer or the focus reaches the button, so it is
// usually in by the time the button is pressed.
const loadSideMenu = () => import('./side-menu.tsx');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));
const SubscriberOnlyPopup = lazy(() =>
  import('./access-popups.tsx').then((m) => ({ default: m.SubscriberOnlyPopup })),
);

type Shown = 'nothing' | 'menu' | 'subscriber-popup';

export function SideMenuButton({ brand }: { brand: Brand }) {
  const [shown, setShown] = useState<Shown>('nothing');
  const close = () => setShown('nothing');

  return (
    <>
      <button
        type="button"
        aria-label="Menu"
        title="Menu"
        aria-haspopup="dialog"
        aria-expanded={shown === 'menu'}
        onClick={() => setShown('menu')}
        onPointerEnter={() => void loadSideMenu()}
        onFocus={() => void loadSideMenu()}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5 hover:text-brand sm:size-10"
      >
        <MenuIcon />
      </button>
      <Suspense fallback={null}>
        {shown === 'menu' && (
          <SideMenu
            brand={brand}
            onClose={close}
            onSavedArticlesLocked={() => setShown('subscriber-popup')}
          />
        )}
        {shown === 'subscriber-popup' && (
          <SubscriberOnlyPopup brand={brand} signedOut onClose={close} />
        )}
      </Suspense>
    </>
  );
}
