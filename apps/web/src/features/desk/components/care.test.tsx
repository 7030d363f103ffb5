// Subscriber care on screen (issue 27 part 3): a search finds a reader, whose page
// opens with the keyboard on it; a refund is sent in paise from rupees typed with
// the reason and confirmed; a refusal is said in the server's words; a term is
// extended by the days typed; sign-out everywhere is confirmed; a payment's invoice
// downloads by its link, and its receipt and a subscription's notice are resent with
// one press each, the server's answer said beside the button.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CARE_MESSAGES, type CareReader } from '@folio/core/desk';
import { installFakeServer, reply } from '../../../test/fake-server.ts';
import { Care, toMinor } from './care.tsx';

const READER = 'u_asha';

function page(): CareReader {
  return {
    account: { id: READER, name: 'Asha Rao', email: null, phone: '+919876543210', sessions: 2 },
    subscriptions: [
      {
        id: 5,
        brand: 'dh',
        plan: 'Monthly',
        status: 'active',
        startDate: '2026-11-01',
        endDate: '2026-12-01',
        renewsOn: '2026-12-01',
        autoRenew: true,
        priceMinor: 19900,
        currency: 'INR',
        mandate: '0123456789abcdef',
        cancelReason: null,
      },
    ],
    payments: [
      {
        paymentId: 'pay_1',
        orderId: 'order_1',
        brand: 'dh',
        kind: 'new',
        paidAt: '2026-11-01T04:30:00.000Z',
        amountMinor: 19900,
        currency: 'INR',
        refundedMinor: 0,
        pendingRefundMinor: 0,
        refundableMinor: 19900,
        invoice: { number: 'DH/26-27/000007', file: 'DH-26-27-000007.pdf', receiptSent: true },
      },
    ],
    refunds: [],
    notices: [],
    mandates: [
      {
        id: '0123456789abcdef',
        provider: 'sandbox',
        method: 'sandbox mandate',
        last4: 'ab12',
        status: 'active',
        subscriptionIds: [5],
      },
    ],
  };
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Care />
    </QueryClientProvider>,
  );
}

function fakeDesk(refuseRefund?: string) {
  let reader = page();
  return installFakeServer({
    '/api/desk/care/search': () => ({
      readers: [
        { id: READER, name: 'Asha Rao', email: null, phone: '+919876543210', matched: 'phone' },
      ],
    }),
    [`/api/desk/care/readers/${READER}`]: () => reader,
    '/api/desk/care/payments/pay_1/refunds': (_url, request) => {
      if (refuseRefund) return reply(400, { status: 'ERROR', message: refuseRefund });
      const { amountMinor } = request.body as { amountMinor: number };
      const payment = reader.payments[0]!;
      reader = {
        ...reader,
        payments: [
          {
            ...payment,
            refundedMinor: amountMinor,
            refundableMinor: payment.amountMinor - amountMinor,
          },
        ],
      };
      return reader;
    },
    [`/api/desk/care/readers/${READER}/extend`]: () => {
      reader = {
        ...reader,
        subscriptions: [{ ...reader.subscriptions[0]!, endDate: '2026-12-08' }],
      };
      return reader;
    },
    '/api/desk/care/payments/pay_1/receipt': () => reader,
    [`/api/desk/care/readers/${READER}/subscriptions/5/notice`]: () =>
      reply(409, { status: 'ERROR', message: CARE_MESSAGES.noticeNothing }),
    [`/api/desk/care/readers/${READER}/sign-out`]: () => {
      reader = { ...reader, account: { ...reader.account, sessions: 0 } };
      return reader;
    },
  });
}

async function openReader(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone, e-mail, order id or payment id'), '9876543210');
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('button', { name: /Asha Rao/ }));
  const heading = await screen.findByRole('heading', { name: 'Asha Rao' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
}

describe('subscriber care', () => {
  it('reads rupees as paise', () => {
    expect([
      toMinor('99.5'),
      toMinor('100'),
      toMinor('0.01'),
      toMinor('1.234'),
      toMinor('-1'),
    ]).toEqual([9950, 10000, 1, null, null]);
  });

  it('finds a reader, refunds part of a payment, extends a term and signs them out', async () => {
    const server = fakeDesk();
    const user = userEvent.setup();
    show();
    await openReader(user);
    expect(server.requests[0]?.searchParams.get('q')).toBe('9876543210');

    const refund = screen.getByRole('form', { name: 'Refund pay_1' });
    await user.type(within(refund).getByLabelText('Amount (INR)'), '99.50');
    await user.type(within(refund).getByLabelText('Reason'), 'Paid twice');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect((await within(refund).findByRole('status')).textContent).toBe('Refunded ₹99.50.');
    expect(screen.getByText(/left ₹99\.50/)).toBeTruthy();

    const extend = screen.getByRole('form', { name: 'Extend a subscription' });
    await user.type(within(extend).getByLabelText('Reason'), 'No paper for a week');
    await user.click(within(extend).getByRole('button', { name: 'Extend' }));
    expect((await within(extend).findByRole('status')).textContent).toBe(
      'Extended by 7 days: it now ends 2026-12-08.',
    );

    const signOut = screen.getByRole('form', { name: 'Sign out everywhere' });
    await user.type(within(signOut).getByLabelText('Reason'), 'Lost phone');
    await user.click(within(signOut).getByRole('button', { name: 'Sign out everywhere' }));
    expect((await within(signOut).findByRole('status')).textContent).toBe(
      'Signed out on every device.',
    );

    expect(server.sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { amountMinor: 9950, reason: 'Paid twice' },
      { subscriptionId: 5, days: 7, reason: 'No paper for a week' },
      { reason: 'Lost phone' },
    ]);
  });

  it('says why a refund was refused, in the server’s words', async () => {
    const refusal = CARE_MESSAGES.refundTooLarge('₹199.00');
    fakeDesk(refusal);
    const user = userEvent.setup();
    show();
    await openReader(user);
    const refund = screen.getByRole('form', { name: 'Refund pay_1' });
    const button = within(refund).getByRole('button', { name: 'Refund' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(refund).getByLabelText('Amount (INR)'), '500');
    await user.type(within(refund).getByLabelText('Reason'), 'Too much');
    await user.click(button);
    expect((await within(refund).findByRole('alert')).textContent).toBe(refusal);
    expect(within(refund).queryByRole('status')).toBeNull();
  });

  it('links each payment’s invoice, resends its receipt, and says why a notice was not resent', async () => {
    const server = fakeDesk();
    const user = userEvent.setup();
    show();
    await openReader(user);
    const link = screen.getByRole('link', { name: 'Download invoice DH/26-27/000007' });
    expect(link.getAttribute('href')).toBe('/api/desk/care/invoices/DH-26-27-000007.pdf');
    expect(link.hasAttribute('download')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Resend the receipt of pay_1' }));
    expect((await screen.findByText('Receipt sent again.')).getAttribute('role')).toBe('status');

    await user.click(
      screen.getByRole('button', { name: 'Resend the latest notice of subscription 5' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(CARE_MESSAGES.noticeNothing);
    expect(
      server.sent.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.body]),
    ).toEqual([
      ['/api/desk/care/payments/pay_1/receipt', {}],
      [`/api/desk/care/readers/${READER}/subscriptions/5/notice`, {}],
    ]);
  });
});
