// /profile (spec 1 §2 "Profile"; spec 2 §2 "Profile subscriptions tab"), behind
// the auth guard, so a reader is always signed in inside it.
import { MESSAGES } from '@folio/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useAuth, useLogout, useRefreshAuth } from '../../shared/api/auth-session.ts';
import { useEditionGroups } from '../../shared/api/editions.ts';
import { usePreferences } from '../../shared/api/preferences.ts';
import { profileStateSchema, readState } from '../../shared/lib/auth-navigation.ts';
import { AuthGuard } from '../../shared/ui/auth-guard.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { TabList, TabPanel, Tabs, tabById, type TabItem } from '../../shared/ui/tabs.tsx';
import { PersonalInfo } from './components/personal-info.tsx';
import { SubscriptionsTab } from './components/subscriptions-tab.tsx';

type ProfileTab = 'personal' | 'subscriptions';

const TABS: readonly TabItem<ProfileTab>[] = [
  { id: 'personal', label: 'Personal Information' },
  { id: 'subscriptions', label: 'Subscriptions' },
];

export function ProfileScreen() {
  return (
    <AuthGuard>
      <Profile />
    </AuthGuard>
  );
}

function Profile() {
  const { brand } = useAppConfig();
  const location = useLocation();
  const refreshAuth = useRefreshAuth();
  const logout = useLogout();
  // A receipt links to /profile?tab=subscriptions, where the invoice downloads.
  const [tab, setTab] = useState<ProfileTab>(
    () => tabById(TABS, new URLSearchParams(location.search).get('tab') ?? '') ?? 'personal',
  );
  const fromOTP = useMemo(
    () => readState(profileStateSchema, location.state)?.fromOTP === true,
    [location.state],
  );
  const refreshed = useRef(false);

  // Back from confirming a new phone number or e-mail: show the account as it is now.
  useEffect(() => {
    if (!fromOTP || refreshed.current) return;
    refreshed.current = true;
    void refreshAuth().catch(() => null);
  }, [fromOTP, refreshAuth]);

  return (
    <>
      <SiteHeader brand={brand} />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 pt-20 pb-12 sm:px-6">
        <div className="flex items-center justify-between gap-4">
          <h1 className="font-serif text-2xl font-bold text-brand sm:text-3xl">
            Profile Information
          </h1>
          <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Logout
          </Button>
        </div>
        <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5 sm:p-6">
          <Tabs value={tab} onValueChange={(id) => setTab(tabById(TABS, id) ?? 'personal')}>
            <TabList items={TABS} label="Profile sections" variant="underline" />
            <TabPanel value="personal" className="pt-2">
              <PersonalPanel />
            </TabPanel>
            <TabPanel value="subscriptions" className="pt-6">
              <SubscriptionsTab />
            </TabPanel>
          </Tabs>
        </div>
      </main>
    </>
  );
}

function PersonalPanel() {
  const { brand, publisher } = useAppConfig();
  const { user } = useAuth();
  const preferences = usePreferences(publisher, user !== null);
  const editions = useEditionGroups(publisher);
  if (preferences.isError || editions.isError) {
    return <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>;
  }
  if (!user || !preferences.data || !editions.data) return <ScreenStatus>Loading...</ScreenStatus>;
  return (
    <PersonalInfo
      user={user}
      publisher={publisher}
      preferredEdition={preferences.data.preferredEditionId}
      defaultEdition={brand.defaultEdition}
      editionGroups={editions.data}
    />
  );
}
