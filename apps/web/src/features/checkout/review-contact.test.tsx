// /review when the plan renews by mandate and the account lacks the e-mail or the
// mobile number the payment provider needs (issue 23 part 5).
import { SUBSCRIPTION_MESSAGES } from '@folio/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readerByGoogle, readerByPhone } from '../../test/fake-auth.ts';
import { reply } from '../../test/fake-server.ts';
import { openReview, serve, storePlan } from './review-test-kit.ts';

const proceed = () => fireEvent.click(screen.getByRole('button', { name: 'Proceed To Pay' }));
const field = (label: 'Mobile Number' | 'Email') =>
  screen.getByLabelText(label) as HTMLInputElement;
/** The texts an input's aria-describedby points at, in order. */
const descriptions = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

const refuseForContact = () =>
  reply(409, { status: 'ERROR', message: SUBSCRIPTION_MESSAGES.mandateContact });

describe('review page, the contact a renewal needs', () => {
  it('asks for no contact when the quote needs none', async () => {
    const server = serve(readerByPhone);
    storePlan(2);
    await openReview();
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByText(/Automatic renewal needs/)).toBeNull();
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    proceed();
    await waitFor(() => expect(server.checkouts).toHaveLength(1));
    expect(server.checkouts[0]).not.toHaveProperty('billingContact');
  });

  it('asks a reader without a mobile number for one, after +91, saying why', async () => {
    serve(readerByGoogle, { contactNeeded: 'phone' });
    storePlan(2);
    await openReview();
    const input = field('Mobile Number');
    expect(input.type).toBe('tel');
    expect(input.maxLength).toBe(10);
    expect(input.placeholder).toBe('Enter phone number');
    expect(input.previousElementSibling?.textContent).toBe('+91');
    expect(descriptions(input)).toEqual(['Automatic renewal needs your mobile number.']);
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.change(input, { target: { value: '98a7-6 5' } });
    expect(input.value).toBe('98765');
    fireEvent.paste(input, { clipboardData: { getData: () => '+91 98765 43210' } });
    expect(input.value).toBe('9876543210');
  });

  it("refuses a bad mobile number in the profile's words and sends nothing", async () => {
    const server = serve(readerByGoogle, { contactNeeded: 'phone' });
    storePlan(2);
    await openReview();
    proceed();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');
    fireEvent.change(field('Mobile Number'), { target: { value: '12345' } });
    expect(screen.queryByRole('alert')).toBeNull();
    proceed();
    const input = field('Mobile Number');
    expect(screen.getByRole('alert').textContent).toBe('Enter valid 10-digit mobile number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(input)).toEqual([
      'Automatic renewal needs your mobile number.',
      'Enter valid 10-digit mobile number',
    ]);
    expect(document.activeElement).toBe(input);
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(0);
  });

  it('sends a good mobile number with +91 as the billing contact', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = serve(readerByGoogle, { contactNeeded: 'phone' });
    storePlan(2);
    await openReview();
    fireEvent.change(field('Mobile Number'), { target: { value: '9123456789' } });
    proceed();
    await waitFor(() => expect(server.checkouts).toHaveLength(1));
    expect(server.checkouts[0]).toEqual({
      publisher: 'DH',
      planId: 2,
      termsAccepted: true,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      billingContact: { phoneNumber: '+919123456789' },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });

  it('asks a reader without an e-mail for one and sends it once it is valid', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = serve(readerByPhone, { contactNeeded: 'email' });
    storePlan(2);
    await openReview();
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    const input = field('Email');
    expect(input.type).toBe('email');
    expect(input.placeholder).toBe('Enter email id');
    expect(descriptions(input)).toEqual(['Automatic renewal needs your e-mail address.']);
    fireEvent.change(input, { target: { value: 'asha..rao@example' } });
    proceed();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' Asha.Rao@Example.in ' } });
    proceed();
    await waitFor(() => expect(server.checkouts).toHaveLength(1));
    expect(server.checkouts[0]).toMatchObject({ billingContact: { email: 'asha.rao@example.in' } });
  });

  it('shows at the field why the server still refuses for want of a contact', async () => {
    const server = serve(readerByGoogle, { contactNeeded: 'phone', checkout: refuseForContact });
    storePlan(2);
    await openReview();
    fireEvent.change(field('Mobile Number'), { target: { value: '9123456789' } });
    proceed();
    expect((await screen.findByRole('alert')).textContent).toBe(
      SUBSCRIPTION_MESSAGES.mandateContact,
    );
    expect(screen.getAllByText(SUBSCRIPTION_MESSAGES.mandateContact)).toHaveLength(1);
    expect(field('Mobile Number').getAttribute('aria-invalid')).toBe('true');
    expect(server.checkouts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Proceed To Pay' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('asks the quote again when checkout wants a contact the quote did not', async () => {
    const server = serve(readerByGoogle, { checkout: refuseForContact });
    storePlan(2);
    await openReview();
    server.needContact('phone');
    proceed();
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.mandateContact)).toBeTruthy();
    expect(await screen.findByLabelText('Mobile Number')).toBeTruthy();
  });
});
