import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes, passTypes, users } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mail.ts';
import { passApprovedMail } from './pass-mails.ts';

/** A holder whose pass was just approved: what the approval mail needs. */
export interface ApprovedHolder {
  passId: string;
  userId: string;
  email: string;
  firstName: string;
  passType: string;
  /** The holder's language: the approval mail is written in it. */
  language: Language;
}

/**
 * Approves those of the passes that are pending, in the caller's transaction, and records each
 * approval in the audit log there too. The update only touches pending passes, so two organizers
 * approving the same pass at once approve (and later mail) it once; the answer lists only the
 * passes this call approved.
 */
export async function approvePendingPasses(
  tx: Db,
  passIds: readonly string[],
  actorUserId: string | null,
  now = new Date(),
  details: Record<string, unknown> = {},
): Promise<ApprovedHolder[]> {
  if (passIds.length === 0) return [];
  const approved = await tx
    .update(passes)
    .set({ status: 'approved', approvedAt: now })
    .where(and(inArray(passes.id, [...passIds]), eq(passes.status, 'pending')))
    .returning({ passId: passes.id, userId: passes.userId, passTypeId: passes.passTypeId });
  if (approved.length === 0) return [];
  const holders = await tx
    .select({
      passId: passes.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      passType: passTypes.name,
      language: users.language,
    })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(
      inArray(
        passes.id,
        approved.map((row) => row.passId),
      ),
    );
  await recordAudit(
    tx,
    ...holders.map((holder) => ({
      actorUserId,
      action: 'pass.approve',
      subjectUserId: holder.userId,
      subject: holder.passType,
      details: { passId: holder.passId, ...details },
    })),
  );
  return holders;
}

/**
 * Mails each newly approved holder once (after the approving transaction committed). A failed mail
 * does not undo the approval: the failures are answered so the caller can log them.
 */
export async function mailApprovedHolders(
  mailer: Mailer,
  holders: readonly ApprovedHolder[],
  signInUrl: string,
): Promise<{ holder: ApprovedHolder; error: unknown }[]> {
  const failures: { holder: ApprovedHolder; error: unknown }[] = [];
  for (const holder of holders) {
    try {
      await mailer.send(passApprovedMail(holder.email, holder.firstName, holder.passType, signInUrl, holder.language));
    } catch (error) {
      failures.push({ holder, error });
    }
  }
  return failures;
}

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
  const pass = row.pass;
  const updated = await db.transaction((tx) =>
    approvePendingPasses(tx, [pass.id], null, new Date(), { via: 'pass:approve script' }),
  );
  if (updated.length === 0) {
    // Someone else changed the pass between our read and our update: report what it is now.
    const [now] = await db.select({ status: passes.status }).from(passes).where(eq(passes.id, row.pass.id));
    if (now?.status === 'approved') return { ...result, outcome: 'already-approved' };
    throw new ApprovalError(`The ${result.passType} of ${address} is ${now?.status ?? 'gone'} and cannot be approved.`);
  }
  await mailer.send(passApprovedMail(address, row.user.firstName, result.passType, signInUrl, row.user.language));
  return { ...result, outcome: 'approved' };
}
