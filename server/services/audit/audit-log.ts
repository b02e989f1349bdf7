import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  /** The organizer (or staff, or script) who acted; null for the system. */
  actorUserId: string | null;
  /** A dotted verb: pass.approve, pass.reject, barcode.reissue, voucher.create, agenda.import… */
  action: string;
  subjectUserId?: string | null;
  /** What else it was about, in words: a list name, a voucher batch, a file name. */
  subject?: string;
  details?: Record<string, unknown>;
}

/**
 * Records organizer actions in the audit log. Pass the transaction that makes the change
 * (a `Db` works as one) so the record and the change commit together or not at all.
 */
export async function recordAudit(db: Db, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      action: entry.action,
      subjectUserId: entry.subjectUserId ?? null,
      subject: entry.subject ?? '',
      details: entry.details ?? {},
    })),
  );
}
