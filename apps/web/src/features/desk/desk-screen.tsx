// /desk, the publisher's console (issue 26 part 2): a lazy part of the web app, so
// nothing of it is in a reader's first load. The server decides who gets in
// (modules/desk/guard.ts); this screen draws what it allowed: a sign-in link for a
// visitor, a refusal for a reader, the authenticator for staff who have not given
// it yet, and then the tabs their role opens.
import { BRAND_CODES, BRANDS, type BrandCode } from '@folio/core';
import type { DeskCapability, DeskMe } from '@folio/core/desk';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/lib/http.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { TabList, TabPanel, Tabs, tabById, type TabItem } from '../../shared/ui/tabs.tsx';
import { useDeskMe } from './api.ts';
import { AuditLog } from './components/audit-log.tsx';
import { EditionBoard } from './components/board.tsx';
import { Editions } from './components/editions.tsx';
import { Holidays } from './components/holidays.tsx';
import { Messages } from './components/messages.tsx';
import { Care } from './components/care.tsx';
import { Figures } from './components/figures.tsx';
import { Offers } from './components/offers.tsx';
import { Plans } from './components/plans.tsx';
import { GiveSecondFactor, SetUpSecondFactor } from './components/second-factor.tsx';
import { Staff } from './components/staff.tsx';
import { Upload } from './components/upload.tsx';

type DeskTab =
  | 'board'
  | 'upload'
  | 'editions'
  | 'holidays'
  | 'audit'
  | 'staff'
  | 'offers'
  | 'messages'
  | 'care'
  | 'plans'
  | 'figures';

const TABS: readonly (TabItem<DeskTab> & { needs: DeskCapability })[] = [
  { id: 'board', label: 'Edition board', needs: 'editions' },
  { id: 'upload', label: 'Send pages', needs: 'editions' },
  { id: 'editions', label: 'Editions', needs: 'editions' },
  { id: 'holidays', label: 'Holidays', needs: 'editions' },
  { id: 'audit', label: 'Audit log', needs: 'audit' },
  { id: 'staff', label: 'Staff', needs: 'staff' },
  { id: 'messages', label: 'Messages', needs: 'messages' },
  { id: 'care', label: 'Subscribers', needs: 'care' },
  { id: 'offers', label: 'Offers', needs: 'offers' },
  { id: 'plans', label: 'Plans', needs: 'plans' },
  { id: 'figures', label: 'Figures', needs: 'figures' },
];

function DeskFrame({ me, children }: { me?: DeskMe; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-paper">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-brand px-4 py-3 text-white sm:px-6">
        <h1 className="text-lg font-bold">Folio desk</h1>
        {me && (
          <p className="text-sm">
            {me.email} · <span className="font-semibold">{me.role}</span>
          </p>
        )}
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function Console({ me }: { me: DeskMe }) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => me.capabilities.includes(tab.needs));
  const brand: BrandCode = params.get('brand') === 'pv' ? 'pv' : 'dh';
  const first = tabs[0]?.id;
  const tab = tabById(tabs, params.get('tab') ?? '') ?? first;
  if (!tab) return <p>Your role has nothing to open here yet.</p>;
  const go = (next: Partial<{ tab: string; brand: string }>) =>
    setParams({ tab, brand, ...next }, { replace: true });

  return (
    <Tabs value={tab} onValueChange={(id) => go({ tab: id })}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <TabList items={tabs} label="Desk" variant="underline" />
        <label className="flex items-center gap-2 text-sm font-semibold">
          Paper
          <select
            value={brand}
            onChange={(e) => go({ brand: e.target.value })}
            className="min-h-11 rounded-lg border border-ink/20 bg-white px-3"
          >
            {BRAND_CODES.map((code) => (
              <option key={code} value={code}>
                {BRANDS[code].name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TabPanel value="board" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <EditionBoard brand={brand} />
      </TabPanel>
      <TabPanel value="upload" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Upload />
      </TabPanel>
      <TabPanel value="editions" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Editions brand={brand} />
      </TabPanel>
      <TabPanel value="holidays" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Holidays brand={brand} />
      </TabPanel>
      <TabPanel value="audit" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <AuditLog />
      </TabPanel>
      <TabPanel value="staff" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Staff selfId={me.id} />
      </TabPanel>
      <TabPanel value="messages" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Messages brand={brand} />
      </TabPanel>
      <TabPanel value="care" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Care />
      </TabPanel>
      <TabPanel value="offers" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Offers brand={brand} />
      </TabPanel>
      <TabPanel value="plans" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Plans brand={brand} />
      </TabPanel>
      <TabPanel value="figures" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
        <Figures brand={brand} />
      </TabPanel>
    </Tabs>
  );
}

export function DeskScreen() {
  const me = useDeskMe();
  if (me.isPending) return <ScreenStatus>Opening the desk...</ScreenStatus>;
  if (me.error) {
    if (isApiError(me.error, 401))
      return (
        <DeskFrame>
          <ScreenStatus
            tone="problem"
            actions={
              <a href="/auth?redirectUrl=%2Fdesk" className={buttonClasses()}>
                Sign in
              </a>
            }
          >
            {me.error.message}
          </ScreenStatus>
        </DeskFrame>
      );
    return (
      <DeskFrame>
        <ScreenStatus tone="problem">{me.error.message}</ScreenStatus>
      </DeskFrame>
    );
  }
  const { data } = me;
  return (
    <DeskFrame me={data}>
      {data.secondFactor === 'setup' && <SetUpSecondFactor />}
      {data.secondFactor === 'verify' && <GiveSecondFactor />}
      {data.secondFactor === 'done' && <Console me={data} />}
    </DeskFrame>
  );
}
