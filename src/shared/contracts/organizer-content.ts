// The organizer console's content: the agenda imported from a pretalx schedule.json,
// exhibitors imported from CSV, and news written, published and withdrawn without a developer.
import { z } from 'zod/mini';
import { says } from '../validation.ts';
import { singleLine, trimmed } from './common.ts';

/** Multi-line text (abstracts, descriptions, news bodies): any characters but NUL, which PostgreSQL cannot store. */
const noNul = () => z.refine<string>((value) => !value.includes('\u0000'), says('nulRefused'));
const multiLine = (max: number) => z.string().check(z.maxLength(max), noNul());
/** pretalx writes null for an empty text (no track, no abstract). */
const optionalText = (max: number) => z.optional(z.nullable(multiLine(max)));

// --- Agenda import: pretalx's frab-compatible schedule.json ---

/** Clock time of day, "09:30". */
const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, says('timeFormat')));
/** A talk's length, "00:45" (hours may exceed 23 for all-day slots). */
const duration = z.string().check(z.regex(/^\d{1,3}:[0-5]\d$/, says('durationFormat')));
/** An instant with its UTC offset, as pretalx writes it: 2026-03-24T10:00:00+01:00. */
const isoInstant = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, says('dateTimeWithOffset')),
  z.refine((value) => !Number.isNaN(Date.parse(value)), says('dateTimeNotReal')),
);

export const pretalxPersonSchema = z.object({
  id: z.optional(z.nullable(z.union([z.int(), z.string()]))),
  code: z.optional(z.nullable(z.string())),
  public_name: z.optional(z.nullable(trimmed(200))),
  name: z.optional(z.nullable(trimmed(200))),
  biography: optionalText(20_000),
});

export const pretalxTalkSchema = z.object({
  guid: z.string().check(z.trim(), z.minLength(1, says('talkGuidRequired')), z.maxLength(200), singleLine()),
  id: z.optional(z.nullable(z.union([z.int(), z.string()]))),
  date: isoInstant,
  start: clockTime,
  duration,
  room: trimmed(200).check(z.minLength(1, says('talkRoomRequired'))),
  title: trimmed(500).check(z.minLength(1, says('talkTitleRequired'))),
  subtitle: z.optional(z.nullable(trimmed(500))),
  track: z.optional(z.nullable(trimmed(200))),
  type: z.optional(z.nullable(z.string())),
  language: z.optional(z.nullable(z.string())),
  abstract: optionalText(20_000),
  description: optionalText(50_000),
  persons: z.optional(z.array(pretalxPersonSchema).check(z.maxLength(100))),
});
export type PretalxTalk = z.infer<typeof pretalxTalkSchema>;

const namedItem = z.object({ name: z.optional(z.nullable(z.string())) });

export const pretalxDaySchema = z.object({
  index: z.int(),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, says('dateFormat'))),
  day_start: z.optional(z.nullable(z.string())),
  day_end: z.optional(z.nullable(z.string())),
  rooms: z.record(z.string().check(z.maxLength(200)), z.array(pretalxTalkSchema).check(z.maxLength(2000))),
});

/** The body of POST /api/organizer/agenda/import: pretalx's /schedule/export/schedule.json as it is (extra fields allowed). */
export const pretalxScheduleSchema = z.object({
  schedule: z.object({
    version: z.optional(z.nullable(z.string())),
    conference: z.object({
      acronym: z.optional(z.nullable(z.string())),
      title: z.optional(z.nullable(z.string())),
      start: z.optional(z.nullable(z.string())),
      end: z.optional(z.nullable(z.string())),
      daysCount: z.optional(z.nullable(z.int())),
      timeslot_duration: z.optional(z.nullable(z.string())),
      time_zone_name: z.optional(z.nullable(z.string())),
      rooms: z.optional(z.array(namedItem)),
      tracks: z.optional(z.array(namedItem)),
      days: z.array(pretalxDaySchema).check(z.minLength(1, says('scheduleWithoutDays')), z.maxLength(60)),
    }),
  }),
});
export type PretalxSchedule = z.infer<typeof pretalxScheduleSchema>;

export const agendaImportQuerySchema = z.object({
  /** true: answer the report, change nothing. */
  dryRun: z.optional(z.enum(['true', 'false'])),
});

/** What changed of one talk on a re-import. */
export const AGENDA_FIELDS = ['title', 'abstract', 'time', 'room', 'track', 'speakers'] as const;
export type AgendaField = (typeof AGENDA_FIELDS)[number];

const importedSession = z.object({ externalId: z.string(), title: z.string(), startsAt: z.string(), room: z.string() });

export const agendaImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** The schedule's version string (pretalx's release name), when it has one. */
  version: z.nullable(z.string()),
  total: z.int(),
  added: z.array(importedSession),
  updated: z.array(z.extend(importedSession, { changes: z.array(z.enum(AGENDA_FIELDS)) })),
  /** Imported sessions no longer in the schedule: deleted with attendees' favourites of them. */
  removed: z.array(importedSession),
  unchanged: z.int(),
  /**
   * Sessions not from any import (the seeded demo agenda, or sessions typed in by hand): an import of
   * the full schedule replaces them, so they are removed too and counted here.
   */
  replacedManual: z.int(),
  /** How many attendees' favourites went with the removed sessions. */
  favouritesRemoved: z.int(),
});
export type AgendaImportReport = z.infer<typeof agendaImportReportSchema>;

// --- Exhibitors CSV import ---

export const exhibitorImportQuerySchema = z.object({
  /** true: import the good rows and report the bad ones; otherwise one bad row stops the whole import. */
  skipInvalid: z.optional(z.enum(['true', 'false'])),
  dryRun: z.optional(z.enum(['true', 'false'])),
});

/** JSON form of the import: the CSV text as one string (a text/csv body works as well). */
export const exhibitorImportJsonSchema = z.object({ csv: z.string().check(z.maxLength(5 * 1024 * 1024)) });
/** POST /api/organizer/exhibitors/import: the CSV text itself (text/csv) or { csv }. */
export const exhibitorImportBodySchema = z.union([z.string().check(z.maxLength(5 * 1024 * 1024)), exhibitorImportJsonSchema]);

export const csvRowErrorSchema = z.object({ line: z.int(), column: z.string(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const exhibitorImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** False when nothing was written because of errors (all-or-nothing without skipInvalid). */
  applied: z.boolean(),
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  skipped: z.int(),
  errors: z.array(csvRowErrorSchema),
});
export type ExhibitorImportReport = z.infer<typeof exhibitorImportReportSchema>;

// --- News ---

export const organizerNewsSchema = z.object({
  id: z.int(),
  title: z.string(),
  body: z.string(),
  /** null: a draft, seen only here. */
  publishedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type OrganizerNews = z.infer<typeof organizerNewsSchema>;

export const newsInputSchema = z.object({
  title: trimmed(200).check(z.minLength(1, says('newsTitleRequired'))),
  body: multiLine(10_000).check(z.trim(), z.minLength(1, says('newsBodyRequired'))),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsPatchSchema = z.partial(newsInputSchema);

export const newsIdParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2 ** 31 - 1)),
});
