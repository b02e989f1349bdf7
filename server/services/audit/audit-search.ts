import { and, count, desc, eq, gte, ilike, like, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuditPage, AuditQuery } from '#shared/contracts/organizer-people.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { DEFAULT_PAGE_SIZE, personMatches } from '../organizer/attendee-search.ts';

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const actor = alias(users, 'actor');
const subjectUser = alias(users, 'subject_user');
const isUuid = (text: string) => z.uuid().safeParse(text).success;

/** A person filter: their id exactly, or a part of their name or e-mail. */
function personFilter(
  person: typeof actor | typeof subjectUser,
  idColumn: typeof auditLog.actorUserId | typeof auditLog.subjectUserId,
  text: string,
): SQL | undefined {
  if (isUuid(text)) return eq(idColumn, text.toLowerCase());
  return personMatches(text, person.searchText);
}

const personOf = (row: { id: string | null; firstName: string | null; lastName: string | null; email: string | null }) =>
  row.id ? { userId: row.id, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email ?? '' } : null;

/** GET /api/organizer/audit: entries newest first, with the actor's and subject's names. */
export async function auditEntries(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: (SQL | undefined)[] = [];
  if (query.action) {
    const action = query.action.replace(/\.$/, '');
    filters.push(or(eq(auditLog.action, action), like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`)));
  }
  if (query.actor) filters.push(personFilter(actor, auditLog.actorUserId, query.actor));
  if (query.subject) {
    filters.push(
      isUuid(query.subject)
        ? eq(auditLog.subjectUserId, query.subject.toLowerCase())
        : or(
            personFilter(subjectUser, auditLog.subjectUserId, query.subject),
            ilike(auditLog.subject, containsPattern(query.subject)),
          ),
    );
  }
  if (query.from) filters.push(gte(auditLog.at, new Date(query.from)));
  if (query.until) filters.push(lte(auditLog.at, new Date(query.until)));
  const where = and(...filters);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorId: actor.id,
        actorFirst: actor.firstName,
        actorLast: actor.lastName,
        actorEmail: actor.email,
        subjectId: subjectUser.id,
        subjectFirst: subjectUser.firstName,
        subjectLast: subjectUser.lastName,
        subjectEmail: subjectUser.email,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(subjectUser, eq(subjectUser.id, auditLog.subjectUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(subjectUser, eq(subjectUser.id, auditLog.subjectUserId))
      .where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.entry.id,
      at: row.entry.at.toISOString(),
      action: row.entry.action,
      actor: personOf({ id: row.actorId, firstName: row.actorFirst, lastName: row.actorLast, email: row.actorEmail }),
      subjectUser: personOf({
        id: row.subjectId,
        firstName: row.subjectFirst,
        lastName: row.subjectLast,
        email: row.subjectEmail,
      }),
      subject: row.entry.subject,
      details: row.entry.details,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
