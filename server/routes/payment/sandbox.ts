import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { euros, vatBreakdownOf, vatPercent } from '#shared/pricing.ts';
import { publicUrl } from '../../config.ts';
import { orders, paymentSessions } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { sendOrderConfirmation } from '../../services/orders/order-completion.ts';
import { settleSandboxSession } from '../../services/payments/sandbox.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Styles inline (style-src allows it); no script at all (script-src 'self'). */
const STYLE = `
body{margin:0;font-family:system-ui,sans-serif;background:#eef1f6;color:#1b1f29}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
.badge{display:inline-block;margin:0;background:#fff4d6;color:#7a5200;border-radius:6px;padding:4px 8px;font-size:13px}
h1{font-size:22px;margin:16px 0 4px}
table{width:100%;border-collapse:collapse;margin:16px 0;font-size:14px}
td{padding:6px 0;border-bottom:1px solid #e3e6ec}td:last-child{text-align:right;white-space:nowrap}
.total td{font-weight:700;border-bottom:0}
button{display:block;width:100%;margin-top:12px;padding:14px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:#1f5eff;color:#fff}.fail{background:#eef1f6;color:#1b1f29}
a{color:#1f5eff}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>TEST PAYMENT · ${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p class="badge" role="note"><strong>TEST PAYMENT</strong> (sandbox provider): no money is moved</p>${body}</main></body></html>`;
}

/** The redirect target with ?session=<id> appended (keeping its own query and hash). */
export function withSession(path: string, sessionId: string): string {
  const url = new URL(path, 'http://internal.invalid');
  url.searchParams.set('session', sessionId);
  return url.pathname + url.search + url.hash;
}

/** The heading of the hosted page's order summary: what the order buys. */
function orderLabel(order: typeof orders.$inferSelect): string {
  switch (order.kind) {
    case 'registration':
      return 'Registration order';
    case 'upgrade':
      // A vendor without a pass buys a first pass through the upgrade route.
      return order.lines.some((line) => line.kind === 'upgrade') ? 'Pass upgrade' : 'Pass order';
    case 'hotel':
      return 'Hotel booking';
    case 'train-ticket':
      return 'Train ticket';
  }
}

const params = z.object({ sessionId: z.string().regex(/^sbx_[\w-]{20,100}$/) });

/**
 * The sandbox provider's hosted checkout page, served by our server like a real provider's would be:
 * GET shows the order and two buttons; the form POSTs the outcome and is redirected (303) back into
 * the app. Outside /api on purpose: it is a page, not part of our API.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Plain HTML forms post application/x-www-form-urlencoded; this parser exists only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get('/:sessionId', { schema: { hide: true, params } }, async (request, reply) => {
    const [row] = await db
      .select({ session: paymentSessions, order: orders })
      .from(paymentSessions)
      .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
      .where(eq(paymentSessions.id, request.params.sessionId))
      .limit(1);
    if (row?.session.provider !== 'sandbox') throw notFound('Payment session');
    const { session, order } = row;
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const amount = euros(session.amount);

    if (session.status !== 'open') {
      const back = session.status === 'succeeded' ? session.redirectSuccess : session.redirectCancel;
      const said = session.status === 'succeeded' ? 'This payment is complete.' : 'This payment did not go through.';
      return page(
        'Payment closed',
        `<h1>${said}</h1><p><a href="${escapeHtml(withSession(back, session.id))}">Back to CloudFest 2026</a></p>`,
      );
    }
    const rows = order.lines.map((line) => `<tr><td>${escapeHtml(line.description)}</td><td>${euros(line.net)} €</td></tr>`);
    const vat = vatBreakdownOf(order.lines).map(
      (row) => `<tr><td>VAT ${vatPercent(row.basisPoints)} %</td><td>${euros(row.vat)} €</td></tr>`,
    );
    return page(
      `Pay ${amount} € – CloudFest 2026`,
      `<h1>CloudFest 2026</h1><p>${orderLabel(order)}</p><table>${rows.join('')}` +
        `<tr><td>Net</td><td>${euros(order.net)} €</td></tr>${vat.join('')}` +
        `<tr class="total"><td>Total</td><td>${amount} €</td></tr></table>` +
        `<form method="post" action="/payment/sandbox/${escapeHtml(session.id)}/complete">` +
        `<button class="pay" type="submit" name="outcome" value="succeeded">Pay ${amount} €</button>` +
        '<button class="fail" type="submit" name="outcome" value="failed">Simulate a failed payment</button></form>' +
        `<p><a href="${escapeHtml(withSession(session.redirectCancel, session.id))}">Cancel and return</a></p>`,
    );
  });

  app.post(
    '/:sessionId/complete',
    { schema: { hide: true, params, body: z.object({ outcome: z.enum(['succeeded', 'failed']) }) } },
    async (request, reply) => {
      const settled = await settleSandboxSession(db, request.params.sessionId, request.body.outcome);
      if (!settled) throw notFound('Payment session');
      if (settled.completed) await sendOrderConfirmation(app, settled.completed, publicUrl(app.config), request.log);
      const target = settled.outcome === 'success' ? settled.session.redirectSuccess : settled.session.redirectCancel;
      return reply.header('cache-control', 'no-store').redirect(withSession(target, settled.session.id), 303);
    },
  );
};
