import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OrderLine, orders } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { refundOrderLines } from '../payments/refunds.ts';

export interface PassRefund {
  orderId: string;
  amount: number;
  creditNoteNumber: string | null;
}

const isPassLine = (line: OrderLine) => line.kind === 'pass' || line.kind === 'upgrade';

/**
 * Refunds the pass part of the holder's paid registration and upgrade orders through the provider
 * that took each payment, with a credit note cancelling those lines of the order's current invoice
 * (after a VAT correction: the invoice without VAT, so the VAT refunded by the correction is not
 * refunded twice). Hotel lines of a registration stay (the booking is cancelled on its own). The
 * caller holds the per-user lock and has changed the pass from pending/approved to cancelled in this
 * transaction; pass lines a credit note cancelled already are not refunded again (refunds.ts), and
 * the provider's idempotency key covers a retried transaction.
 */
export async function refundPassOrders(
  tx: Db,
  providers: readonly PaymentProvider[],
  userId: string,
  now = new Date(),
): Promise<PassRefund[]> {
  const paid = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.kind, ['registration', 'upgrade']), eq(orders.status, 'paid')))
    .orderBy(orders.createdAt);
  const done: PassRefund[] = [];
  for (const order of paid) {
    const { refunded, creditNote } = await refundOrderLines(tx, providers, order, isPassLine, {
      idempotencyKey: `pass-refund-${order.id}`,
      now,
    });
    if (refunded > 0) done.push({ orderId: order.id, amount: refunded, creditNoteNumber: creditNote?.number ?? null });
  }
  return done;
}
