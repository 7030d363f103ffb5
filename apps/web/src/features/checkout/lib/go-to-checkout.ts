// Hands the whole page to the payment provider's checkout (docs/decisions/0014
// "Payments"): a GET to its page with the fields as query parameters, or a form
// POST of the fields. The provider sends the reader back to /payment-success or
// /payment-failure through the server.
import type { CheckoutStart } from '@folio/core';

export function goToCheckout({ url, method, fields }: CheckoutStart): void {
  if (method === 'GET') {
    const target = new URL(url, window.location.origin);
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    window.location.assign(target.toString());
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
