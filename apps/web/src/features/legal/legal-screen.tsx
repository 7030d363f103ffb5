// /legal-and-privacy-policy (spec 2 §2 "Legal page"): the Terms & Conditions and
// Privacy Policy tabs. ?tab=terms or ?tab=privacy picks one, so the review page can
// link to either; anything else shows the terms. Switching tabs rewrites the query
// in place, so a copied link opens the same tab.
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { MenuHeader } from '../../shared/ui/menu-header.tsx';
import { TextPage } from '../../shared/ui/text-page.tsx';
import { TabList, TabPanel, Tabs, tabById, type TabItem } from '../../shared/ui/tabs.tsx';
import {
  LEGAL_LAST_UPDATED,
  privacyPolicy,
  termsAndConditions,
  type LegalDocument,
} from './legal-text.ts';

type LegalTab = 'terms' | 'privacy';

const TABS: readonly TabItem<LegalTab>[] = [
  { id: 'terms', label: 'Terms & Conditions' },
  { id: 'privacy', label: 'Privacy Policy' },
];

export function LegalScreen() {
  const { brand } = useAppConfig();
  const [params, setParams] = useSearchParams();
  const tab = tabById(TABS, params.get('tab') ?? '') ?? 'terms';

  return (
    <TextPage
      header={<MenuHeader brand={brand} />}
      width="max-w-3xl"
      title="Legal and Privacy Policy"
    >
      <Tabs
        value={tab}
        onValueChange={(id) => setParams({ tab: tabById(TABS, id) ?? 'terms' }, { replace: true })}
        className="mt-6"
      >
        <TabList items={TABS} label="Legal documents" />
        <TabPanel value="terms" className="mt-6">
          <LegalText document={termsAndConditions(brand)} />
        </TabPanel>
        <TabPanel value="privacy" className="mt-6">
          <LegalText document={privacyPolicy(brand)} />
        </TabPanel>
      </Tabs>
    </TextPage>
  );
}

function LegalText({ document }: { document: LegalDocument }) {
  return (
    <article className="rounded-2xl bg-white p-5 text-ink shadow-sm ring-1 ring-ink/5 sm:p-8">
      <h2 className="font-serif text-xl font-bold text-brand sm:text-2xl">{document.title}</h2>
      <p className="mt-1 text-sm text-ink-soft">Last updated: {LEGAL_LAST_UPDATED}</p>
      <p className="mt-4 leading-relaxed">{document.intro}</p>
      {document.sections.map((section, index) => (
        <section key={section.heading} className="mt-6">
          <h3 className="text-lg font-semibold text-ink">
            {index + 1}. {section.heading}
          </h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed text-ink-soft">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
