import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passes, passTypes, users } from '../db/schema/index.ts';
import type { Mailer } from './mail.ts';
import { passApprovedMail } from './registration-mail.ts';

/** A refusal the organizer can act on: unknown user, no pass, or a pass that cannot be approved. */
export class ApprovalError extends Error {
  override name = 'ApprovalError';
}

export interface ApprovalResult {
  email: string;
  name: string;
  passType: string;
  /** 'approved' now, or 'already-approved' when nothing had to change (no mail is sent then). */
  outcome: 'approved' | 'already-approved';
}

/**
 * Approves the pending pass of the user with this e-mail and mails them. The update only touches a
 * pending pass, so two organizers approving at once send one mail, and a cancelled pass stays cancelled.
 */
export async function approvePassByEmail(db: Db, mailer: Mailer, email: string, signInUrl: string): Promise<ApprovalResult> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .select({ user: users, pass: passes, passType: passTypes.name })
    .from(users)
    .leftJoin(passes, eq(passes.userId, users.id))
    .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(users.email, address))
    .limit(1);
  if (!row) throw new ApprovalError(`There is no user with the e-mail address ${address}.`);
  if (!row.pass) throw new ApprovalError(`${address} has no pass to approve.`);
  const result = {
    email: address,
    name: `${row.user.firstName} ${row.user.lastName}`.trim(),
    passType: row.passType ?? 'pass',
  };
  if (row.pass.status === 'approved') return { ...result, outcome: 'already-approved' };
  if (row.pass.status !== 'pending') {
    throw new ApprovalError(`The ${result.passType} of ${address} is ${row.pass.status} and cannot be approved.`);
  }
  const updated = await db
    .update(passes)
    .set({ status: 'approved', approvedAt: new Date() })
    .where(and(eq(passes.id, row.pass.id), eq(passes.status, 'pending')))
    .returning({ id: passes.id });
  if (updated.length === 0) {
    // Someone else changed the pass between our read and our update: report what it is now.
    const [now] = await db.select({ status: passes.status }).from(passes).where(eq(passes.id, row.pass.id));
    if (now?.status === 'approved') return { ...result, outcome: 'already-approved' };
    throw new ApprovalError(`The ${result.passType} of ${address} is ${now?.status ?? 'gone'} and cannot be approved.`);
  }
  await mailer.send(passApprovedMail(address, row.user.firstName, result.passType, signInUrl));
  return { ...result, outcome: 'approved' };
}
