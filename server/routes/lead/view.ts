import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { LEAD_SCANNER_PATH } from '#shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { leads, users } from '../../db/schema/index.ts';

/*
 * Whose leads a scanner's list shows (docs/behaviour.md §12): their own, and in an exhibitor team
 * (users.lead_team_id) the other members' scans made since each joined, or all of a member's when
 * they chose to share the earlier ones. Read from the database on each call, so a change of team
 * shows at once. Queries read the view first, join `leadScanner` on leads.scanner_user_id and filter
 * with `leadsIn(view)`.
 */

/** The scanner of a lead, joined as `scanner` (the team rules read their membership). */
export const leadScanner = alias(users, 'scanner');

export interface LeadView {
  /** The user is a lead scanner (others have an empty list). */
  scanner: boolean;
  /** Whose leads the list can show: the user, then their team mates (by id). */
  scanners: string[];
  /**
   * A fingerprint of what selects the list's rows: scanner or not, the team, each team mate with
   * when they joined and whether they share earlier scans, and the newest deletion of a lead of any
   * of them. A lead download whose cursor carries another one starts over (ChangeCursor.view),
   * because leads then left the list or joined it with changes older than the cursor.
   */
  fingerprint: string;
}

const matesSchema = z.array(z.tuple([z.string(), z.unknown(), z.unknown()]));

/**
 * The scanner's list as it stands, in one statement. Read before the leads themselves: whatever
 * changes in between alters the fingerprint of the next download, which then starts over.
 */
export async function leadViewOf(db: Db, scannerId: string): Promise<LeadView> {
  const [row] = await db
    .select({
      paths: users.permissionPaths,
      teamId: users.leadTeamId,
      // (Written out: Drizzle leaves columns of a one-table select unqualified, and inside these
      // subqueries an unqualified lead_team_id would be the mate's own.)
      mates: sql<unknown>`(
        select coalesce(json_agg(json_build_array(m.id, m.lead_team_joined_at, m.lead_team_shares_earlier) order by m.id), '[]'::json)
        from users m where m.lead_team_id = "users"."lead_team_id" and m.id <> "users"."id")`,
      removed: sql<string | null>`(
        select max(r.change_tx)::text from lead_removals r
        where r.scanner_user_id = "users"."id"
          or r.scanner_user_id in (select m.id from users m where m.lead_team_id = "users"."lead_team_id"))`,
    })
    .from(users)
    .where(eq(users.id, scannerId));
  const scanner = row?.paths.includes(LEAD_SCANNER_PATH) ?? false;
  const mates = scanner ? (matesSchema.safeParse(row?.mates).data ?? []) : [];
  const facts = JSON.stringify(scanner && row ? [row.teamId, mates, row.removed] : null);
  return {
    scanner,
    scanners: scanner ? [scannerId, ...mates.map(([id]) => id)] : [],
    fingerprint: createHash('sha256').update(facts).digest('base64url').slice(0, 16),
  };
}

/**
 * The leads of the view (its user's own, and their team mates' made since each joined, or all of a
 * mate's who shares the earlier ones); the query joins leadScanner on leads.scanner_user_id. By
 * scanner id, so each scanner's leads come from the index on (scanner_user_id, change_tx, id).
 */
export function leadsIn(view: LeadView): SQL | undefined {
  const [own] = view.scanners;
  if (own === undefined) return sql`false`;
  return and(
    inArray(leads.scannerUserId, view.scanners),
    or(
      eq(leads.scannerUserId, own),
      eq(leadScanner.leadTeamSharesEarlier, true),
      gte(leads.createdAt, leadScanner.leadTeamJoinedAt),
    ),
  );
}

/**
 * The people whose leads this scanner sees (a lead of theirs, own or a team mate's, is on the list),
 * among `people`: an edit naming the lead by its badge is allowed for them.
 */
export async function peopleSeenBy(db: Db, scannerId: string, people: readonly string[]): Promise<Set<string>> {
  if (people.length === 0) return new Set();
  const view = await leadViewOf(db, scannerId);
  const rows = await db
    .selectDistinct({ id: leads.scannedUserId })
    .from(leads)
    .innerJoin(leadScanner, eq(leadScanner.id, leads.scannerUserId))
    .where(and(inArray(leads.scannedUserId, [...people]), leadsIn(view)));
  return new Set(rows.map((row) => row.id));
}
