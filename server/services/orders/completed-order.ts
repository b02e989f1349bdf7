import type { orders } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PassStatus = 'pending' | 'approved';

/** What the completion did, for the answer and the confirmation mail. */
export interface CompletedOrder {
  order: OrderRow;
  /** The buyer; the confirmation mail is written in their language. */
  user: { email: string; firstName: string; language: Language };
  /** The user's pass after the completion; null for a user without one (a vendor booking a room). */
  pass: { name: string; status: PassStatus } | null;
  hotel: { name: string; roomName: string; start: string; end: string } | null;
  /** An upgrade order: the pass type before (null when the order bought the first pass) and after. */
  upgrade: { from: string | null; to: string } | null;
  trainTicket: { name: string; code: string } | null;
  invoice: InvoiceRow | null;
}
