import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone, type FakeAccount } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { fakeSubscriptions, subscriberState, FREE_STATE } from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

function serve(account?: FakeAccount, state?: Parameters<typeof fakeSubscriptions>[0]['state']) {
  const auth = fakeAuth(account ? { signedInAs: { ...account } } : {});
  const subscriptions = fakeSubscriptions({ signedIn: () => auth.account() !== null, state });
  return installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
}

const card = (title: string) => within(screen.getByRole('article', { name: title }));
const bar = () => within(screen.getByRole('region', { name: 'Selected plan' }));
const events = () => (window.dataLayer ?? []).map((entry) => entry.event);
const storedPlan = () => JSON.parse(sessionStorage.getItem('selectedPlan') ?? 'null') as unknown;
const storedId = () => (storedPlan() as { id: number } | null)?.id;
const switchTo = (currency: '₹ INR' | '$ USD') =>
  fireEvent.click(screen.getByRole('button', { name: currency }));

async function openPlans(entry: Parameters<typeof renderApp>[0] = '/subscribe') {
  const view = renderApp(entry);
  await screen.findByRole('article', { name: 'Yearly' });
  return view;
}

describe('subscribe page', () => {
  it('draws the sections below the plans once every call they read has answered', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const subscriptions = fakeSubscriptions({ signedIn: () => false });
    installFakeServer(
      siteRoutes({
        ...fakeAuth({}).routes,
        ...subscriptions.routes,
        '/api/testimonials': async () => {
          await answered;
          return [];
        },
      }),
    );
    renderApp('/subscribe');
    await screen.findByRole('article', { name: 'Yearly' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Facing Issues?' })).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Facing Issues?' })).toBeTruthy();
  });

  it('lists the INR plans with prices, savings, badges and bullets', async () => {
    serve();
    renderApp('/subscribe');
    expect(await screen.findByText('Loading subscription plans...')).toBeTruthy();
    // Nothing below the plans until they are in, so they never push it down.
    expect(screen.queryByRole('heading', { name: 'Facing Issues?' })).toBeNull();
    await screen.findByRole('article', { name: 'Yearly' });
    // Then, in a render of its own, what follows them.
    expect(await screen.findByRole('heading', { name: 'Facing Issues?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subscribe To Deccan Herald Epaper' })).toBeTruthy();
    expect(screen.getByText('Choose The Plan That Works Best For You')).toBeTruthy();
    const grid = within(screen.getByRole('group', { name: 'Subscription plans' }));
    expect(grid.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'ePaper Lite',
      'Monthly',
      'Yearly',
      'Two Years',
    ]);
    expect(card('ePaper Lite').getByText('₹99')).toBeTruthy();
    expect(card('Monthly').getByText('₹199')).toBeTruthy();
    expect(card('Monthly').getByText('/ Month')).toBeTruthy();
    expect(card('Monthly').getByText('₹249').tagName).toBe('S');
    expect(card('Monthly').getByText('Save ₹50')).toBeTruthy();
    expect(card('Monthly').getByText('POPULAR')).toBeTruthy();
    expect(card('Monthly').getByText('BEST VALUE')).toBeTruthy();
    expect(card('Monthly').getByText('Start reading today')).toBeTruthy();
    expect(card('Yearly').getByText('₹1999')).toBeTruthy();
    expect(card('Yearly').getByText('Save ₹989')).toBeTruthy();
    expect(
      card('Yearly')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'POPULAR',
      'BEST VALUE',
      'Every edition',
      'A year of archives',
      'Download articles',
    ]);
    expect(card('Two Years').getByText('/ 2 Years')).toBeTruthy();
    expect(card('Two Years').queryByText(/^Save/)).toBeNull();
    expect(card('ePaper Lite').queryByRole('list', { name: 'Highlights' })).toBeNull();
    expect(card('Monthly').getByRole('button', { name: 'Select Plan' })).toBeTruthy();
  });

  it('switches to USD prices with two decimals', async () => {
    serve();
    await openPlans();
    const inr = screen.getByRole('button', { name: '₹ INR' });
    expect(inr.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '$ USD' }));
    expect(card('Monthly').getByText('$1.99')).toBeTruthy();
    expect(card('Monthly').getByText('$2.99')).toBeTruthy();
    expect(card('Monthly').getByText('Save $1')).toBeTruthy();
    expect(card('Yearly').getByText('$19.99')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'ePaper Lite' })).toBeNull();
  });

  it('selects a plan into session storage, shows the footer bar, and deselects it', async () => {
    serve();
    window.dataLayer = [];
    await openPlans();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();
    fireEvent.click(card('Yearly').getByRole('button', { name: 'Select Plan' }));
    expect(card('Yearly').getByRole('button', { name: 'Selected' })).toBeTruthy();
    expect(storedPlan()).toEqual({
      id: 3,
      title: 'Yearly',
      price_cents: 199900,
      price_currency: 'INR',
      duration_unit: 'year',
      duration_length: 1,
      recurring: true,
      assets: ['epaper'],
      tagline: 'Best value',
    });
    expect(window.dataLayer).toContainEqual({
      event: 'select_plan',
      plan_id: 3,
      plan_name: 'Yearly',
      value: 1999,
      currency: 'INR',
    });
    expect(bar().getByText('Yearly')).toBeTruthy();
    expect(bar().getByRole('button', { name: 'Review & Pay' })).toBeTruthy();

    fireEvent.click(card('Monthly').getByRole('button', { name: 'Select Plan' }));
    expect(card('Yearly').getByRole('button', { name: 'Select Plan' })).toBeTruthy();
    expect((storedPlan() as { id: number }).id).toBe(2);

    fireEvent.click(card('Monthly').getByRole('button', { name: 'Selected' }));
    expect(card('Monthly').getByRole('button', { name: 'Select Plan' })).toBeTruthy();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();
    expect(events()).toEqual(['select_plan', 'select_plan']);
  });

  it('moves the choice to the same plan in the currency switched to, which /review shows and the checkout charges', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = serve(readerByPhone, FREE_STATE);
    const { router } = await openPlans();
    fireEvent.click(card('Yearly').getByRole('button', { name: 'Select Plan' }));
    expect(bar().getByText('₹1999 / Year')).toBeTruthy();

    switchTo('$ USD');
    expect(bar().getByText('Yearly')).toBeTruthy();
    expect(bar().getByText('$19.99 / Year')).toBeTruthy();
    expect(card('Yearly').getByText('$19.99')).toBeTruthy();
    expect(card('Yearly').getByRole('button', { name: 'Selected' })).toBeTruthy();
    expect(storedPlan()).toMatchObject({ id: 12, price_cents: 1999, price_currency: 'USD' });

    switchTo('₹ INR');
    expect(bar().getByText('₹1999 / Year')).toBeTruthy();
    expect(storedId()).toBe(3);

    switchTo('$ USD');
    await waitFor(() => expect(bar().getByRole('button', { name: 'Review & Pay' })).toBeTruthy());
    fireEvent.click(bar().getByRole('button', { name: 'Review & Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    // The quote is in once Proceed shows; the plan cards had a Yearly heading too.
    await screen.findByRole('button', { name: 'Proceed To Pay' });
    expect(screen.getByRole('heading', { name: 'Yearly' })).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect(screen.queryByText('₹1999')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const bodies = (path: string) =>
      server.sent.filter((r) => r.url.pathname === path).map((r) => r.body);
    expect(bodies('/api/subscriptions/quote')).toEqual([{ publisher: 'DH', planId: 12 }]);
    expect(bodies('/api/subscriptions/checkout')).toEqual([
      expect.objectContaining({ publisher: 'DH', planId: 12 }),
    ]);
  });

  it('drops the choice when the currency switched to does not sell that plan', async () => {
    serve();
    await openPlans();
    fireEvent.click(card('Two Years').getByRole('button', { name: 'Select Plan' }));
    switchTo('$ USD');
    expect(card('Yearly').getByText('$19.99')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Selected' })).toBeNull();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    switchTo('₹ INR');
    expect(card('Two Years').getByRole('button', { name: 'Select Plan' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();

    // The USD Monthly is as long as ePaper Lite but sold in another group: another plan.
    fireEvent.click(card('ePaper Lite').getByRole('button', { name: 'Select Plan' }));
    switchTo('$ USD');
    expect(card('Monthly').getByRole('button', { name: 'Select Plan' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('drops a subscriber’s choice rather than move it onto their current plan', async () => {
    serve(readerByPhone, subscriberState({ planId: 12 }));
    await openPlans();
    await waitFor(() =>
      expect(card('Yearly').getByRole('button', { name: 'Current Plan' })).toBeTruthy(),
    );
    switchTo('₹ INR');
    fireEvent.click(card('Yearly').getByRole('button', { name: 'Change Plan' }));
    expect(bar().getByText('₹1999 / Year')).toBeTruthy();
    switchTo('$ USD');
    expect(card('Yearly').getByRole('button', { name: 'Current Plan' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected plan' })).toBeNull();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('shows the currency of an upgrade preselected after the reader switched currency', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
    const subscriptions = fakeSubscriptions({ signedIn: () => true });
    let answer: (state: unknown) => void = () => undefined;
    installFakeServer(
      siteRoutes({
        ...auth.routes,
        ...subscriptions.routes,
        '/api/users/subscription': () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    await openPlans({ pathname: '/subscribe', state: { fromUpgrade: true } });
    switchTo('$ USD');
    expect(card('Yearly').getByText('$19.99')).toBeTruthy();
    // The subscription arrives after the switch: the upgrade is the INR Yearly.
    answer(subscriberState({ planId: 2 }));
    await waitFor(() => expect(bar().getByText('₹1999 / Year')).toBeTruthy());
    expect(card('Yearly').getByText('₹1999')).toBeTruthy();
    expect(card('Yearly').getByRole('button', { name: 'Selected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '₹ INR' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('restores the stored plan, in its currency', async () => {
    serve();
    sessionStorage.setItem(
      'selectedPlan',
      JSON.stringify({
        id: 11,
        title: 'Monthly',
        price_cents: 199,
        price_currency: 'USD',
        duration_unit: 'month',
        duration_length: 1,
        recurring: true,
        assets: ['epaper'],
        tagline: 'Read from abroad',
      }),
    );
    await openPlans();
    expect(card('Monthly').getByText('$1.99')).toBeTruthy();
    expect(card('Monthly').getByRole('button', { name: 'Selected' })).toBeTruthy();
    expect(bar().getByText('$1.99 / Month')).toBeTruthy();
  });

  it('removes a stored plan that cannot be parsed', async () => {
    serve();
    sessionStorage.setItem('selectedPlan', '{"id":"three"');
    const { router } = await openPlans();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Selected' })).toBeNull();
    expect(currentUrl(router)).toBe('/subscribe');
  });

  it('sends a visitor who proceeds to log in, remembering the subscription flow', async () => {
    serve();
    window.dataLayer = [];
    const { router } = await openPlans();
    fireEvent.click(card('Monthly').getByRole('button', { name: 'Select Plan' }));
    fireEvent.click(bar().getByRole('button', { name: 'Review & Pay' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/auth?redirectUrl=%2Fsubscribe'));
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBe('true');
    expect((storedPlan() as { id: number }).id).toBe(2);
    expect(events()).toEqual(['select_plan', 'begin_checkout']);
  });

  it('takes a signed-in reader on to /review', async () => {
    serve(readerByPhone, FREE_STATE);
    const { router } = await openPlans();
    fireEvent.click(card('Monthly').getByRole('button', { name: 'Select Plan' }));
    await waitFor(() => expect(bar().getByRole('button', { name: 'Review & Pay' })).toBeTruthy());
    fireEvent.click(bar().getByRole('button', { name: 'Review & Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBeNull();
  });

  it('opens plan details in a sheet that proceeds with that plan', async () => {
    serve();
    window.dataLayer = [];
    const { router } = await openPlans();
    fireEvent.click(card('Yearly').getByRole('button', { name: 'See Plan Details' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Yearly' }));
    expect(sheet.getByText('₹1999')).toBeTruthy();
    expect(sheet.getByText('A year of archives')).toBeTruthy();
    fireEvent.click(sheet.getByRole('button', { name: 'Review & Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect((storedPlan() as { id: number }).id).toBe(3);
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBe('true');
    expect(events()).toEqual(['view_plan_details', 'begin_checkout']);
  });

  it('shows a subscriber the current plan as not selectable, and preselects an upgrade', async () => {
    serve(readerByPhone, subscriberState({ planId: 2 }));
    const { router } = await openPlans({ pathname: '/subscribe', state: { fromUpgrade: true } });
    await waitFor(() =>
      expect(card('Yearly').getByRole('button', { name: 'Selected' })).toBeTruthy(),
    );
    const current = card('Monthly').getByRole('button', {
      name: 'Current Plan',
    }) as HTMLButtonElement;
    expect(current.disabled).toBe(true);
    expect(card('Two Years').getByRole('button', { name: 'Change Plan' })).toBeTruthy();
    expect(card('ePaper Lite').getByRole('button', { name: 'Change Plan' })).toBeTruthy();
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    fireEvent.click(bar().getByRole('button', { name: 'Change Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect((storedPlan() as { id: number }).id).toBe(3);
  });

  it('takes a subscriber’s stored plan once, then forgets it', async () => {
    serve(readerByPhone, subscriberState({ planId: 2 }));
    sessionStorage.setItem(
      'selectedPlan',
      JSON.stringify({
        id: 4,
        title: 'Two Years',
        price_cents: 349900,
        price_currency: 'INR',
        duration_unit: 'years',
        duration_length: 2,
        recurring: true,
        assets: ['epaper'],
        tagline: 'Two years',
      }),
    );
    await openPlans();
    await waitFor(() =>
      expect(card('Two Years').getByRole('button', { name: 'Selected' })).toBeTruthy(),
    );
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });
});
