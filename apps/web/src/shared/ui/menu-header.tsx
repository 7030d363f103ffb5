// The header of the pages a reader reaches from the side menu (FAQs, the legal
// page): the site header with the profile (or login) icon and the side-menu button.
import type { Brand } from '@folio/core';
import { AccountLink } from './account-link.tsx';
import { SideMenuButton } from './side-menu-button.tsx';
import { SiteHeader } from './site-header.tsx';

export function MenuHeader({ brand }: { brand: Brand }) {
  return (
    <SiteHeader brand={brand}>
      <AccountLink />
      <SideMenuButton brand={brand} />
    </SiteHeader>
  );
}
