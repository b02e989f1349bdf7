import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AgendaField, AgendaImportReport, PretalxSchedule, PretalxTalk } from '#shared/contracts/organizer-content.ts';
import type { Db } from '../../db/client.ts';
import { agendaFavourites, agendaSessions } from '../../db/schema/index.ts';
import { HttpProblem, keyedField } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';

/** A talk of the schedule as an agenda session. */
export interface ImportedSession {
  externalId: string;
  title: string;
  abstract: string;
  startsAt: Date;
  endsAt: Date;
  room: string;
  track: string;
  speakers: { name: string; company: string; title: string }[];
}

type Speaker = ImportedSession['speakers'][number];

const MINUTE = 60_000;

/** "01:30" → 90 minutes. */
function minutesOf(duration: string): number {
  const [hours = '0', minutes = '0'] = duration.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function speakersOf(talk: PretalxTalk): Speaker[] {
  return (talk.persons ?? []).flatMap((person) => {
    const name = (person.public_name ?? person.name ?? '').trim();
    // pretalx has no company or job title fields: the agenda shows the name only.
    return name ? [{ name, company: '', title: '' }] : [];
  });
}

/** The abstract, or the description when a talk has no abstract. */
function abstractOf(talk: PretalxTalk): string {
  const abstract = (talk.abstract ?? '').trim();
  return abstract || (talk.description ?? '').trim();
}

/**
 * The sessions of a schedule, one per talk, in file order. A talk's `date` (an instant with its
 * offset) is its start, its `duration` gives the end; the room is the talk's own (the day's room
 * key when it has none). A guid that appears twice makes the file ambiguous: refused with the
 * second one's path, as schema errors are.
 */
export function sessionsOfSchedule(schedule: PretalxSchedule): ImportedSession[] {
  const seen = new Map<string, string>();
  const sessions: ImportedSession[] = [];
  schedule.schedule.conference.days.forEach((day, dayIndex) => {
    for (const [roomName, talks] of Object.entries(day.rooms)) {
      talks.forEach((talk, talkIndex) => {
        const path = `schedule.conference.days.${dayIndex}.rooms.${roomName}.${talkIndex}`;
        const guid = talk.guid.trim();
        const first = seen.get(guid);
        if (first) {
          throw new HttpProblem(400, 'The schedule is invalid: a talk appears twice.', [
            keyedField(`${path}.guid`, { validation: { key: 'talkGuidRepeated', values: { first } } }),
          ]);
        }
        seen.set(guid, path);
        const startsAt = new Date(talk.date);
        sessions.push({
          externalId: guid,
          title: talk.title.trim(),
          abstract: abstractOf(talk),
          startsAt,
          endsAt: new Date(startsAt.getTime() + minutesOf(talk.duration) * MINUTE),
          room: talk.room.trim() || roomName,
          track: (talk.track ?? '').trim(),
          speakers: speakersOf(talk),
        });
      });
    }
  });
  return sessions;
}

type StoredSession = ImportedSession & { id: number };

/** Field by field: jsonb gives the objects back with their keys in its own order. */
const sameSpeakers = (a: Speaker[], b: Speaker[]) =>
  a.length === b.length &&
  a.every((speaker, i) => speaker.name === b[i]?.name && speaker.company === b[i]?.company && speaker.title === b[i]?.title);

function changesOf(before: StoredSession, after: ImportedSession): AgendaField[] {
  const changes: AgendaField[] = [];
  if (before.title !== after.title) changes.push('title');
  if (before.abstract !== after.abstract) changes.push('abstract');
  if (before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime()) {
    changes.push('time');
  }
  if (before.room !== after.room) changes.push('room');
  if (before.track !== after.track) changes.push('track');
  if (!sameSpeakers(before.speakers, after.speakers)) changes.push('speakers');
  return changes;
}

const brief = (session: ImportedSession) => ({
  externalId: session.externalId,
  title: session.title,
  startsAt: session.startsAt.toISOString(),
  room: session.room,
});

export interface AgendaImportOptions {
  dryRun: boolean;
  actorUserId: string | null;
  /** Said in the audit log (e.g. the file's name or the schedule's version). */
  subject?: string;
}

/**
 * Imports a pretalx schedule as the whole agenda, in one transaction:
 *
 * - a talk whose guid is already a session's externalId updates that session in place (its id,
 *   and so attendees' favourites of it, stay);
 * - a new guid inserts a session;
 * - imported sessions whose guid is no longer in the schedule are deleted, and attendees'
 *   favourites of them with them (the foreign key cascades);
 * - sessions without an externalId (the seeded demo agenda, or sessions added by hand) are deleted
 *   as well: an import of the full schedule REPLACES them. The report counts them apart
 *   (`replacedManual`), so the organizer sees it in the dry run before importing.
 *
 * With `dryRun` the same report is computed and nothing is written. The audit entry commits with
 * the change.
 */
export async function importAgenda(db: Db, schedule: PretalxSchedule, options: AgendaImportOptions): Promise<AgendaImportReport> {
  const incoming = sessionsOfSchedule(schedule);
  return db.transaction(async (tx) => {
    // One import at a time: a second waits, then compares against the first one's result.
    // Readers (GET /api/agenda) are not blocked.
    if (!options.dryRun) await tx.execute(sql`lock table ${agendaSessions} in exclusive mode`);
    const stored: (Omit<StoredSession, 'externalId'> & { externalId: string | null })[] = await tx
      .select({
        id: agendaSessions.id,
        externalId: agendaSessions.externalId,
        title: agendaSessions.title,
        abstract: agendaSessions.abstract,
        startsAt: agendaSessions.startsAt,
        endsAt: agendaSessions.endsAt,
        room: agendaSessions.room,
        track: agendaSessions.track,
        speakers: agendaSessions.speakers,
      })
      .from(agendaSessions);
    const byExternalId = new Map<string, StoredSession>();
    const manual: number[] = [];
    for (const row of stored) {
      if (row.externalId === null) manual.push(row.id);
      else byExternalId.set(row.externalId, { ...row, externalId: row.externalId });
    }

    const added: ImportedSession[] = [];
    const updated: { before: StoredSession; after: ImportedSession; changes: AgendaField[] }[] = [];
    let unchanged = 0;
    for (const session of incoming) {
      const before = byExternalId.get(session.externalId);
      if (!before) {
        added.push(session);
        continue;
      }
      byExternalId.delete(session.externalId);
      const changes = changesOf(before, session);
      if (changes.length === 0) unchanged += 1;
      else updated.push({ before, after: session, changes });
    }
    const removed = [...byExternalId.values()];
    const removedIds = [...removed.map((session) => session.id), ...manual];

    let favouritesRemoved = 0;
    if (removedIds.length > 0) {
      const [row] = await tx
        .select({ n: count() })
        .from(agendaFavourites)
        .where(and(inArray(agendaFavourites.sessionId, removedIds), eq(agendaFavourites.favourite, true)));
      favouritesRemoved = row?.n ?? 0;
    }

    const report: AgendaImportReport = {
      dryRun: options.dryRun,
      version: schedule.schedule.version ?? null,
      total: incoming.length,
      added: added.map(brief),
      updated: updated.map(({ after, changes }) => ({ ...brief(after), changes })),
      removed: removed.map(brief),
      unchanged,
      replacedManual: manual.length,
      favouritesRemoved,
    };
    if (options.dryRun) return report;

    if (removedIds.length > 0) await tx.delete(agendaSessions).where(inArray(agendaSessions.id, removedIds));
    for (const { before, after } of updated) {
      const { externalId: _same, ...fields } = after;
      await tx.update(agendaSessions).set(fields).where(eq(agendaSessions.id, before.id));
    }
    // In slices: one statement's parameters stay well under PostgreSQL's 65,535.
    for (let start = 0; start < added.length; start += 500) {
      await tx.insert(agendaSessions).values(added.slice(start, start + 500));
    }
    await recordAudit(tx, {
      actorUserId: options.actorUserId,
      action: 'agenda.import',
      subject: options.subject ?? report.version ?? 'schedule.json',
      details: {
        total: report.total,
        added: added.length,
        updated: updated.length,
        removed: removed.length,
        unchanged,
        replacedManual: manual.length,
        favouritesRemoved,
      },
    });
    return report;
  });
}
