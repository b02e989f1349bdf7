import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { orders, paymentSessions } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { randomToken, sha256 } from '../accounts/tokens.ts';
import type { CompletedOrder } from '../orders/completed-order.ts';
import { completeOrderInTx } from '../orders/order-completion.ts';
import type { CreateSessionInput, PaymentProvider, PaymentStatus, ProviderSession, RefundInput } from './provider.ts';

/** The hosted checkout page of the sandbox, served by our own server (GET /payment/sandbox/:id). */
export const sandboxPagePath = (sessionId: string) => `/payment/sandbox/${sessionId}`;

/**
 * A provider that behaves like a hosted one without any money moving: its page lets the payer
 * succeed or fail. It keeps its sessions in our payment_sessions table, which the payment route
 * writes; the session id (256 random bits) is the only key to the page, as with real providers.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly db: Db) {}

  async createSession(_input: CreateSessionInput) {
    const id = `sbx_${randomToken()}`;
    return { id, url: sandboxPagePath(id) };
  }

  async getSession(id: string): Promise<ProviderSession | null> {
    const [row] = await this.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.provider, this.name)))
      .limit(1);
    if (!row) return null;
    return { id: row.id, orderId: row.orderId, amount: row.amount, status: row.status, url: sandboxPagePath(row.id) };
  }

  /**
   * No money moves, so there is nothing to call: the refund id is derived from the idempotency key,
   * so a retry answers the same refund as a real provider would. It reads no table on purpose: the
   * caller runs it inside its transaction (and has checked the session there), and an embedded
   * single-connection database would wait for that transaction.
   */
  async refund(input: RefundInput): Promise<{ id: string }> {
    if (!input.sessionId.startsWith('sbx_')) throw new Error(`${input.sessionId} is not a sandbox session`);
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`cannot refund ${input.amount} cents`);
    return { id: `sbx_rf_${sha256(input.idempotencyKey).slice(0, 40)}` };
  }
}

export interface Settlement {
  session: typeof paymentSessions.$inferSelect;
  /** Where the payer goes next. */
  outcome: 'success' | 'cancel';
  /** Set only by the call that completed the order, so its confirmation mail is sent exactly once. */
  completed: CompletedOrder | null;
}

/**
 * The sandbox's "charge": the payer pressed a button on the hosted page. Success marks the session
 * and completes the order in one transaction, so a charge without a completed order cannot happen.
 * A session is settled once; pressing again (or another tab) only answers where to go.
 */
export async function settleSandboxSession(
  db: Db,
  sessionId: string,
  wanted: 'succeeded' | 'failed',
): Promise<Settlement | null> {
  try {
    return await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: orders.userId, orderId: orders.id })
        .from(paymentSessions)
        .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
        .where(eq(paymentSessions.id, sessionId));
      if (!owner) return null;
      await lockUser(tx, owner.userId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, owner.orderId)).for('update');
      const [session] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).for('update');
      if (session?.provider !== 'sandbox') return null;
      if (session.status !== 'open') return { session, outcome: outcomeOf(session.status), completed: null };

      // Never charge twice, nor an amount the order no longer has (it changed after this session was opened).
      const chargeable = wanted === 'succeeded' && order?.status === 'open' && order.gross === session.amount;
      const status: PaymentStatus = chargeable ? 'succeeded' : 'failed';
      const [settled] = await tx
        .update(paymentSessions)
        .set({ status, completedAt: new Date() })
        .where(eq(paymentSessions.id, sessionId))
        .returning();
      if (!settled) throw new Error(`payment session ${sessionId} vanished`);
      if (!chargeable) return { session: settled, outcome: order?.status === 'paid' ? 'success' : 'cancel', completed: null };
      const completed = await completeOrderInTx(tx, session.orderId, 'paid');
      return { session: settled, outcome: 'success', completed };
    });
  } catch (error) {
    // The held room was released and taken meanwhile: nothing was charged (the transaction rolled back).
    if (!(error instanceof HttpProblem && error.status === 409)) throw error;
    const [failed] = await db
      .update(paymentSessions)
      .set({ status: 'failed', completedAt: new Date() })
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')))
      .returning();
    const [session] = failed ? [failed] : await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    return session ? { session, outcome: outcomeOf(session.status), completed: null } : null;
  }
}

const outcomeOf = (status: PaymentStatus): Settlement['outcome'] => (status === 'succeeded' ? 'success' : 'cancel');
