import { and, eq, inArray, isNull, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import {
  addresses,
  agendaFavourites,
  authTokens,
  bookings,
  clientOps,
  devices,
  emailTokens,
  images,
  invoices,
  knownDevices,
  leads,
  leadTeamInvitations,
  leadTeams,
  orders,
  passes,
  surveyAnswers,
  trainTickets,
  users,
  visaLetters,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { releaseFreePasses, revokeBarcodesOf } from '../passes/pass-decisions.ts';

/*
 * A person deletes their own account (docs/behaviour.md §17). What the law keeps stays: invoices and
 * credit notes with the buyer data printed on them (eight years, § 147 AO / § 14b UStG), the orders
 * they belong to (which carry no personal data of their own), and the booking rows those orders
 * point at (guest names blanked). The user row stays as an anonymous anchor for them: its e-mail
 * becomes a unique address that cannot receive mail, its names and company are blanked, its
 * password can never match and its roles are gone. Everything else of the person is deleted.
 */

/** The e-mail an anonymised account keeps: unique, and in the reserved .invalid domain (RFC 2606), so nothing can be sent to it. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** Not a scrypt hash (server/services/accounts/password.ts): no password verifies against it. */
export const UNUSABLE_PASSWORD = '!account-deleted';

export interface DeletionOutcome {
  /** The pass's revoked barcode ids. */
  revokedBarcodes: string[];
  /** Images deleted, to be forgotten from the caches after commit. */
  imageIds: string[];
  leadsDeleted: number;
  /** Leads exhibitors keep about the person, now without their name. */
  leadsAnonymised: number;
  ordersDeleted: number;
  invoicesKept: number;
}

/**
 * Deletes and anonymises, in the caller's transaction, with one audit entry. The invoices' files
 * must be archived before (the caller does it), so they are served as issued ever after.
 */
export async function deleteAccount(tx: Db, userId: string, now = new Date()): Promise<DeletionOutcome> {
  // The per-user lock first, as every change of the user's orders and pass takes it.
  await lockUser(tx, userId);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('account to delete is gone');

  // The pass: cancelled, its barcodes on the revocation list (check-in and lead scanners refuse them), a free pass back to its pool.
  const passRows = await tx
    .update(passes)
    .set({ status: 'cancelled' })
    .where(and(eq(passes.userId, userId), inArray(passes.status, ['pending', 'approved'])))
    .returning({ id: passes.id });
  const allPasses = await tx.select({ id: passes.id }).from(passes).where(eq(passes.userId, userId));
  const revokedBarcodes = await revokeBarcodesOf(
    tx,
    allPasses.map((row) => row.id),
    'cancelled',
    now,
  );
  const returnedToPool = (await releaseFreePasses(tx, [userId])).size > 0;

  // Leads the person scanned go (their devices start their lists over: lead_removals, migration 0023).
  const scannedByThem = await tx.delete(leads).where(eq(leads.scannerUserId, userId)).returning({ id: leads.id });
  // Leads exhibitors made of the person stay theirs; they show the person through the user row blanked below.
  const aboutThem = await tx.select({ id: leads.id }).from(leads).where(eq(leads.scannedUserId, userId));

  // Orders no invoice refers to (open or free ones) go with their payment sessions; invoiced ones stay.
  const ordersDeleted = await tx
    .delete(orders)
    .where(
      and(
        eq(orders.userId, userId),
        notExists(tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orders.id))),
      ),
    )
    .returning({ id: orders.id });
  const invoicesKept = (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, userId))).length;
  // Bookings stay for the orders, invoices and room counts that refer to them; the guests' names go.
  await tx.update(bookings).set({ guests: [] }).where(eq(bookings.userId, userId));

  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(surveyAnswers).where(eq(surveyAnswers.userId, userId));
  await tx.delete(agendaFavourites).where(eq(agendaFavourites.userId, userId));
  await tx.delete(visaLetters).where(eq(visaLetters.userId, userId));
  await tx.delete(trainTickets).where(eq(trainTickets.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  await tx.delete(devices).where(eq(devices.userId, userId));
  await tx.delete(clientOps).where(eq(clientOps.userId, userId));
  // Every session ends at once, this one included; open e-mail links die with them.
  await tx.delete(authTokens).where(eq(authTokens.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  const removedImages = await tx.delete(images).where(eq(images.userId, userId)).returning({ id: images.id });
  // Invitations to their address; a team they owned is left without an owner (organizers manage it).
  await tx
    .delete(leadTeamInvitations)
    .where(
      or(
        eq(leadTeamInvitations.email, user.email),
        and(eq(leadTeamInvitations.invitedByUserId, userId), isNull(leadTeamInvitations.respondedAt)),
      ),
    );
  await tx.update(leadTeams).set({ ownerUserId: null }).where(eq(leadTeams.ownerUserId, userId));

  await tx
    .update(users)
    .set({
      email: deletedEmail(userId),
      passwordHash: UNUSABLE_PASSWORD,
      firstName: '',
      lastName: '',
      company: '',
      image: null,
      scopes: [],
      tagIds: [],
      permissionPaths: [],
      emailConfirmedAt: null,
      failedLogins: 0,
      lockedUntil: null,
      languageChosen: false,
      leadTeamId: null,
      leadTeamJoinedAt: null,
      leadTeamSharesEarlier: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));

  const outcome: DeletionOutcome = {
    revokedBarcodes,
    imageIds: removedImages.map((row) => row.id),
    leadsDeleted: scannedByThem.length,
    leadsAnonymised: aboutThem.length,
    ordersDeleted: ordersDeleted.length,
    invoicesKept,
  };
  await recordAudit(tx, {
    actorUserId: userId,
    action: 'account.delete',
    subjectUserId: userId,
    details: {
      passCancelled: passRows.length > 0,
      revokedBarcodes,
      returnedToPool,
      leadsDeleted: outcome.leadsDeleted,
      leadsAnonymised: outcome.leadsAnonymised,
      ordersDeleted: outcome.ordersDeleted,
      invoicesKept,
    },
  });
  return outcome;
}
