// The plans tab on screen against a fake server: plans listed in order with their
// price and readers; a new price is sent in minor units with the note that running
// readers keep theirs; a plan is made hidden; a plan readers bought has no Delete;
// the server's refusal is shown in its words.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, type DeskPlan, type DeskPlans } from '@folio/core/desk';
import { installFakeServer, reply, type FakeRequest } from '../../../test/fake-server.ts';
import { Plans, badgesOf, toMinor } from './plans.tsx';

const plan = (over: Partial<DeskPlan>): DeskPlan => ({
  id: 1,
  groupId: 7,
  title: 'Monthly',
  tagline: '',
  description: [],
  archivalAccess: 0,
  mrp: null,
  visible: true,
  retired: false,
  priceMinor: 19900,
  currency: 'INR',
  durationUnit: 'month',
  durationLength: 1,
  recurring: true,
  running: 3,
  used: true,
  ...over,
});

function fakePlans(refuse?: string) {
  let state: DeskPlans = {
    brand: 'dh',
    groups: [{ id: 7, name: 'Digital', badges: [] }],
    plans: [plan({}), plan({ id: 2, title: 'Trial week', running: 0, used: false })],
  };
  const sent: FakeRequest[] = [];
  const server = installFakeServer({
    '/api/desk/plans': () => state,
    '/api/desk/plans/dh': (_url, request) => {
      sent.push(request);
      const body = request.body as DeskPlan;
      state = { ...state, plans: [...state.plans, plan({ ...body, id: 3, running: 0 })] };
      return state;
    },
    '/api/desk/plans/dh/groups/7': (_url, request) => {
      sent.push(request);
      const body = request.body as { name: string; badges: string[] };
      if (body.badges.length > 3)
        return reply(400, { status: 'ERROR', message: PLAN_MESSAGES.badgesInvalid });
      state = { ...state, groups: [{ id: 7, ...body }] };
      return state;
    },
    '/api/desk/plans/dh/1': (_url, request) => {
      sent.push(request);
      if (refuse) return reply(400, { status: 'ERROR', message: refuse });
      const body = request.body as Partial<DeskPlan>;
      state = {
        ...state,
        plans: state.plans.map((p) => (p.id === 1 ? { ...p, ...body } : p)),
      };
      return state;
    },
  });
  /** Readers buy a plan after the list was loaded. */
  const bought = (id: number, running: number) => {
    state = { ...state, plans: state.plans.map((p) => (p.id === id ? { ...p, running } : p)) };
  };
  return { sent, server, bought };
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Plans brand="dh" />
    </QueryClientProvider>,
  );
}

describe('the plans tab', () => {
  it('lists plans with price and readers, and offers Delete only for one nobody bought', async () => {
    fakePlans();
    show();
    const monthly = (await screen.findByRole('rowheader', { name: 'Monthly' })).closest('tr')!;
    expect(within(monthly).getByText('₹199')).toBeTruthy();
    expect(within(monthly).getByText('3')).toBeTruthy();
    expect(within(monthly).queryByRole('button', { name: 'Delete Monthly' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Trial week' })).toBeTruthy();
  });

  it('sends a new price in paise, saying running readers keep theirs', async () => {
    const { sent } = fakePlans();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit Monthly' }));
    const price = screen.getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '249');
    expect(screen.getByRole('note').textContent).toContain('keep the price they bought at');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.body).toMatchObject({ priceMinor: 24900, title: 'Monthly', visible: true });
    expect(await screen.findByText('₹249')).toBeTruthy();
  });

  it('counts the readers on a plan as they are when its form opens', async () => {
    const { bought } = fakePlans();
    const user = userEvent.setup();
    show();
    const trial = await screen.findByRole('button', { name: 'Edit Trial week' });
    bought(2, 2);
    await user.click(trial);
    const price = screen.getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '5');
    expect((await screen.findByRole('note')).textContent).toContain(
      'The 2 readers on this plan keep the price they bought at',
    );
  });

  it('renames a group and sets its badges, shown as readers see them', async () => {
    const { sent } = fakePlans();
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Group Digital' });
    const name = within(form).getByLabelText('Group name');
    await user.clear(name);
    await user.type(name, 'Digital Access');
    const badges = within(form).getByLabelText(/^Badges on its cards/);
    await user.type(badges, 'Popular, , Best value ');
    expect(within(form).getByText('Popular').className).toContain('uppercase');
    await user.click(within(form).getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      body: { name: 'Digital Access', badges: ['Popular', 'Best value'] },
    });
    expect((await within(form).findByRole('status')).textContent).toContain('Saved');
    await user.type(badges, ', One, Two');
    await user.click(within(form).getByRole('button', { name: 'Save group' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(PLAN_MESSAGES.badgesInvalid);
  });

  it('reads badges as typed: comma-separated, trimmed, empty ones dropped', () => {
    expect(badgesOf(' Popular ,,Best value, ')).toEqual(['Popular', 'Best value']);
    expect(badgesOf('')).toEqual([]);
  });

  it('shows the server’s refusal in its words and keeps the form', async () => {
    fakePlans(PLAN_MESSAGES.mrpInvalid);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit Monthly' }));
    await user.type(screen.getByLabelText(/^Crossed-out price/), '99');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAN_MESSAGES.mrpInvalid);
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeTruthy();
  });

  it('makes a new plan hidden unless it is ticked, with its length and currency', async () => {
    const { sent } = fakePlans();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    await user.type(screen.getByLabelText('Name'), 'Student Quarterly');
    await user.type(screen.getByLabelText(/^Price/), '399.50');
    await user.clear(screen.getByLabelText('Length'));
    await user.type(screen.getByLabelText('Length'), '3');
    await user.selectOptions(screen.getByLabelText('Unit'), 'months');
    await user.type(screen.getByLabelText(/^Description/), 'Every page\n\nThe archive');
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      title: 'Student Quarterly',
      groupId: 7,
      tagline: '',
      description: ['Every page', 'The archive'],
      archivalAccess: 0,
      mrp: null,
      visible: false,
      priceMinor: 39950,
      currency: 'INR',
      durationUnit: 'months',
      durationLength: 3,
      recurring: true,
    });
  });
});

describe('toMinor', () => {
  it('reads whole and two-decimal prices, and nothing else', () => {
    expect(toMinor('199')).toBe(19900);
    expect(toMinor(' 19.99 ')).toBe(1999);
    expect(toMinor('0.5')).toBe(50);
    for (const bad of ['', '1.999', '-5', '1e3', 'abc', '1,000']) expect(toMinor(bad)).toBeNaN();
  });
});
