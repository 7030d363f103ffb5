// The sandbox provider's hosted checkout page: what a reader sees instead of a real
// card form on a machine with no payment account. Pay, Fail and Close each settle
// the order the way a provider would and send the browser back to Folio.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedString, errorBodySchema, formatMoney, type Currency } from '@folio/core';
import { NotFoundError } from '../../errors.ts';
import { SANDBOX_CHECKOUT_PATH, type SandboxProvider } from './sandbox-provider.ts';

// The page is the sandbox's, not the app's: its own small policy, inline style only.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const params = z.object({ orderId: boundedString('orderId', 64) });

function page(order: { id: string; description: string; amount: string; status: string }): string {
  const settled = order.status !== 'created';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#4b5563}
.amount{font-size:2rem;font-weight:700;color:#111827}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;border-radius:.5rem;border:1px solid #d1d5db;font-size:1rem;cursor:pointer;background:#fff}
button[value=pay]{background:#047857;border-color:#047857;color:#fff}
.note{font-size:.8rem;color:#6b7280}
</style></head>
<body><main>
<h1>Sandbox checkout</h1>
<p>${escapeHtml(order.description)}</p>
<p class="amount">${escapeHtml(order.amount)}</p>
${
  settled
    ? `<p>This order is already ${escapeHtml(order.status)}.</p>`
    : `<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(order.id)}">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="fail">Fail</button>
<button type="submit" name="action" value="close">Close</button>
</form>`
}
<p class="note">No money moves here: this is the test payment provider Folio uses when no real one is configured.</p>
</main></body></html>`;
}

export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (
  app,
  { sandbox },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    `${SANDBOX_CHECKOUT_PATH}/:orderId`,
    {
      schema: {
        summary: "The sandbox provider's hosted checkout page",
        tags: ['payments'],
        params,
        response: { 200: z.string(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const order = await sandbox.hostedOrder(request.params.orderId);
      if (!order) throw new NotFoundError('This payment order does not exist.');
      return (
        reply
          .header('content-security-policy', PAGE_CSP)
          // The site's no-referrer policy would make the form's POST say "Origin: null",
          // which the CSRF guard rightly refuses; the page names its own origin instead.
          .header('referrer-policy', 'same-origin')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            page({
              id: order.id,
              description: order.description,
              amount: formatMoney(order.amount_minor, order.currency as Currency),
              status: order.status,
            }),
          )
      );
    },
  );

  app.post(
    `${SANDBOX_CHECKOUT_PATH}/:orderId`,
    {
      schema: {
        summary: 'Pay, fail or close a sandbox order; redirects back to Folio',
        tags: ['payments'],
        params,
        body: z.object({ action: z.enum(['pay', 'fail', 'close']) }),
        response: { 303: z.undefined(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const back = await sandbox.settle(request.params.orderId, request.body.action);
      if (!back) throw new NotFoundError('This payment order does not exist.');
      return reply.redirect(back, 303);
    },
  );
};
