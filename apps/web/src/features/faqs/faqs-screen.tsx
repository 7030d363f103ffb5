// /faqs (spec 2 §2): the publisher's FAQs, linked from the side menu.
import { useAppConfig } from '../../shared/api/app-config.ts';
import { FaqList } from '../../shared/ui/faq-list.tsx';
import { MenuHeader } from '../../shared/ui/menu-header.tsx';

export function FaqsScreen() {
  const { brand, publisher } = useAppConfig();
  return (
    <>
      <MenuHeader brand={brand} />
      <main id="main" className="px-4 pt-20 pb-12 sm:px-6">
        <h1 className="text-center font-serif text-2xl font-bold text-brand sm:text-3xl">
          Frequently Asked Questions
        </h1>
        <FaqList publisher={publisher} />
      </main>
    </>
  );
}
