import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, Exhibitor } from '#shared/contracts/agenda.ts';
import type { AgendaImportReport, ExhibitorImportReport, OrganizerNews } from '#shared/contracts/organizer-content.ts';
import { FIXTURE_PATH, makePretalxSchedule, talkGuid } from '../../../tests/fixtures/make-pretalx-schedule.ts';
import { agendaFavourites, agendaSessions, auditLog, exhibitors } from '../../db/schema/index.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  organizer = await t.login('organizer@demo.cloudfest.example');
});
afterAll(async () => t?.close());

type Schedule = ReturnType<typeof makePretalxSchedule>;
const fixture = (): Schedule => JSON.parse(readFileSync(FIXTURE_PATH, 'utf8'));

function importAgenda(body: unknown, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/organizer/agenda/import${query}`,
    headers: organizer,
    payload: body as object,
  });
}
async function importOk(body: unknown, query = ''): Promise<AgendaImportReport> {
  const res = await importAgenda(body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const sessionRows = () => t.database.db.select().from(agendaSessions);
const talksOf = (schedule: Schedule) => schedule.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());
const byGuid = (schedule: Schedule, n: number) => {
  const talk = talksOf(schedule).find((candidate) => candidate.guid === talkGuid(n));
  if (!talk) throw new Error(`talk ${n} missing`);
  return talk;
};
const idOf = async (n: number) => {
  const [row] = await t.database.db
    .select({ id: agendaSessions.id })
    .from(agendaSessions)
    .where(eq(agendaSessions.externalId, talkGuid(n)));
  return row?.id as number;
};

describe('POST /api/organizer/agenda/import (pretalx schedule.json)', () => {
  it('previews a dry run without writing, and says the seeded agenda will be replaced', async () => {
    const before = await sessionRows();
    expect(before.length).toBeGreaterThan(0);
    const report = await importOk(fixture(), '?dryRun=true');
    expect(report).toMatchObject({ dryRun: true, total: 200, unchanged: 0, replacedManual: before.length });
    expect(report.added).toHaveLength(200);
    expect(await sessionRows()).toHaveLength(before.length);
  });

  it('imports 200 talks, replacing the seeded agenda, and serves them with a new ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/agenda' });
    const report = await importOk(fixture());
    expect(report).toMatchObject({ dryRun: false, total: 200, version: '0.1', unchanged: 0 });
    expect(report.added).toHaveLength(200);
    expect(report.replacedManual).toBeGreaterThan(0);

    const rows = await sessionRows();
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.externalId !== null)).toBe(true);
    const talk = byGuid(fixture(), 9);
    const row = rows.find((candidate) => candidate.externalId === talk.guid);
    expect(row).toMatchObject({ title: talk.title, room: talk.room, track: talk.track, abstract: talk.abstract });
    expect(row?.startsAt.toISOString()).toBe(new Date(talk.date).toISOString());
    expect((row?.endsAt.getTime() ?? 0) - (row?.startsAt.getTime() ?? 0)).toBe(45 * 60_000);
    expect(row?.speakers).toEqual(talk.persons.map((p) => ({ name: p.public_name, company: '', title: '' })));

    // The public copy is dropped at once: a new ETag, and the old one no longer answers 304.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/agenda',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((after.json() as AgendaSession[]).map((s) => s.title)).toContain(talk.title);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'agenda.import'))
      .orderBy(desc(auditLog.id));
    expect(audit?.details).toMatchObject({ added: 200, removed: 0 });
  });

  it('a second import with 5 changed and 2 removed talks updates in place and keeps favourites', async () => {
    const { headers, user } = await signedInUser(t.database.db);
    // Favourites of unchanged (0, 1), changed (2) and removed (3) talks.
    const favourite = async (n: number) => ({
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      sessionId: await idOf(n),
      favourite: true,
    });
    const ops = [await favourite(0), await favourite(1), await favourite(2), await favourite(3)];
    const upload = await t.app.inject({ method: 'POST', url: '/api/agenda/favourites', headers, payload: { ops } });
    expect(upload.statusCode, upload.body).toBe(200);
    const idsBefore = { 0: await idOf(0), 1: await idOf(1), 2: await idOf(2), 4: await idOf(4), 5: await idOf(5) };

    const next = fixture();
    byGuid(next, 2).title = 'Renamed talk';
    byGuid(next, 4).date = '2026-03-24T17:30:00+01:00';
    byGuid(next, 4).start = '17:30';
    byGuid(next, 5).room = 'Hall C';
    byGuid(next, 6).duration = '01:30';
    byGuid(next, 7).persons = [];
    for (const day of next.schedule.conference.days) {
      for (const [room, talks] of Object.entries(day.rooms)) {
        day.rooms[room] = talks.filter((talk) => talk.guid !== talkGuid(3) && talk.guid !== talkGuid(8));
      }
    }

    const preview = await importOk(next, '?dryRun=true');
    expect(preview).toMatchObject({ dryRun: true, unchanged: 193, favouritesRemoved: 1 });
    const report = await importOk(next);
    expect(report).toMatchObject({
      dryRun: false,
      total: 198,
      unchanged: 193,
      added: [],
      replacedManual: 0,
      favouritesRemoved: 1,
    });
    expect(report.removed.map((s) => s.externalId).sort()).toEqual([talkGuid(3), talkGuid(8)].sort());
    const changes = Object.fromEntries(report.updated.map((s) => [s.externalId, s.changes]));
    expect(changes).toEqual({
      [talkGuid(2)]: ['title'],
      [talkGuid(4)]: ['time'],
      [talkGuid(5)]: ['room'],
      [talkGuid(6)]: ['time'],
      [talkGuid(7)]: ['speakers'],
    });

    // Same ids for unchanged and changed talks; the removed one's favourite went with it.
    expect({ 0: await idOf(0), 1: await idOf(1), 2: await idOf(2), 4: await idOf(4), 5: await idOf(5) }).toEqual(idsBefore);
    const favourites = await t.app.inject({ method: 'GET', url: '/api/agenda/favourites', headers });
    expect((favourites.json() as { sessionIds: number[] }).sessionIds.sort()).toEqual(
      [idsBefore[0], idsBefore[1], idsBefore[2]].sort(),
    );
    const [left] = await t.database.db.select({ n: count() }).from(agendaFavourites).where(eq(agendaFavourites.userId, user.id));
    expect(left?.n).toBe(3);
    expect(await sessionRows()).toHaveLength(198);

    // The same file again changes nothing.
    const again = await importOk(next);
    expect(again).toMatchObject({ added: [], updated: [], removed: [], unchanged: 198 });
  });

  it('refuses a malformed file with the path at fault and changes nothing', async () => {
    const before = await sessionRows();
    const favouritesBefore = await t.database.db.select().from(agendaFavourites);
    const importsBefore = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agenda.import'));
    const broken = fixture();
    const talk = broken.schedule.conference.days[1]?.rooms['Hall A']?.[3];
    if (!talk) throw new Error('fixture changed');
    talk.start = '25:99';
    const res = await importAgenda(broken);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toContainEqual({
      path: 'schedule.conference.days.1.rooms.Hall A.3.start',
      message: 'Expected a time as HH:MM',
    });

    const twice = fixture();
    const day = twice.schedule.conference.days[0];
    if (!day) throw new Error('fixture changed');
    const copied = day.rooms['Hall A']?.[0];
    if (!copied) throw new Error('fixture changed');
    day.rooms.Rooftop?.push({ ...copied });
    const duplicate = await importAgenda(twice);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0].path).toMatch(/^schedule\.conference\.days\.0\.rooms\.Rooftop\.\d+\.guid$/);

    for (const body of [{}, { schedule: {} }, [], { schedule: { conference: { days: [] } } }]) {
      const res2 = await importAgenda(body);
      expect(res2.statusCode, JSON.stringify(body)).toBe(400);
    }
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/organizer/agenda/import',
      headers: { ...organizer, 'content-type': 'application/json' },
      payload: '{"schedule": {"conference": ',
    });
    expect(garbled.statusCode).toBe(400);
    const nul = fixture();
    const first = nul.schedule.conference.days[0]?.rooms['Hall A']?.[0];
    if (first) first.abstract = 'a\u0000b';
    expect((await importAgenda(nul)).statusCode).toBe(400);

    expect(await sessionRows()).toEqual(before);
    expect(await t.database.db.select().from(agendaFavourites)).toEqual(favouritesBefore);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agenda.import'))).toEqual(importsBefore);
  });

  it('takes a schedule larger than the app-wide body limit, and refuses one over its own', async () => {
    const big = makePretalxSchedule(200);
    for (const talk of talksOf(big)) talk.description = 'x'.repeat(2000);
    expect(JSON.stringify(big).length).toBeGreaterThan(256 * 1024);
    expect((await importAgenda(big, '?dryRun=true')).statusCode).toBe(200);
    const huge = `{"schedule":${' '.repeat(11 * 1024 * 1024)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organizer/agenda/import',
      headers: { ...organizer, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/organizer/exhibitors/import (CSV)', () => {
  const csvImport = (payload: string, query = '', type = 'text/csv; charset=utf-8', language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/organizer/exhibitors/import${query}`,
      headers: { ...organizer, 'content-type': type, 'accept-language': language },
      payload,
    });
  const boothRow = (booth: string) => t.database.db.select().from(exhibitors).where(eq(exhibitors.booth, booth));

  it('imports a semicolon CSV with BOM, quotes and columns in any order, upserting by booth', async () => {
    const csv = [
      '\uFEFFBooth;Logo URL;Name;Hall;Category;Description',
      'Z-901;https://cdn.example/acme.png;"Acme; Cloud";Hall 9;Hosting;"Says ""hello""',
      'over two lines"',
      'Z-902;;Beta GmbH;Hall 9;Security;',
      '',
    ].join('\r\n');
    const res = await csvImport(csv);
    expect(res.statusCode, res.body).toBe(200);
    const report: ExhibitorImportReport = res.json();
    expect(report).toMatchObject({ applied: true, rows: 2, created: 2, updated: 0, errors: [] });
    const [acme] = await boothRow('Z-901');
    expect(acme).toMatchObject({
      name: 'Acme; Cloud',
      hall: 'Hall 9',
      category: 'Hosting',
      logoUrl: 'https://cdn.example/acme.png',
      description: 'Says "hello"\r\nover two lines',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/exhibitors' });
    expect((list.json() as Exhibitor[]).map((e) => e.name)).toContain('Acme; Cloud');

    // Again as JSON, comma separated, one change: updated in place.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/organizer/exhibitors/import',
      headers: organizer,
      payload: { csv: 'name,booth,hall,category\nAcme Cloud,Z-901,Hall 9,Hosting\nBeta GmbH,Z-902,Hall 9,Security\n' },
    });
    expect(again.json()).toMatchObject({ applied: true, created: 0, updated: 1, unchanged: 1 });
    const [renamed] = await boothRow('Z-901');
    expect(renamed).toMatchObject({ id: acme?.id, name: 'Acme Cloud', logoUrl: '', description: '' });
  });

  it('reports bad rows by line and column and imports nothing, unless skipInvalid', async () => {
    const csv = [
      'name,booth,hall,category,logo url',
      'Good One,Z-910,Hall 9,Hosting,https://cdn.example/good.png',
      ',Z-911,Hall 9,Hosting,',
      'Plain Logo,Z-912,Hall 9,Hosting,http://cdn.example/x.png',
      'Twice,Z-910,Hall 9,Hosting,',
      'Good Two,Z-913,Hall 9,Hosting,',
    ].join('\n');
    const res = await csvImport(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applied: false,
      rows: 5,
      created: 0,
      skipped: 3,
      errors: [
        { line: 3, column: 'name', message: 'The name is missing.' },
        { line: 4, column: 'logoUrl', message: 'Only https:// addresses are accepted.' },
        { line: 5, column: 'booth', message: 'Booth Z-910 is already on line 2.' },
      ],
    });
    expect(await boothRow('Z-910')).toEqual([]);
    // The report is in the organizer's language.
    const german = await csvImport(csv, '?dryRun=true', 'text/csv; charset=utf-8', 'de-DE');
    expect(german.json().errors).toEqual([
      { line: 3, column: 'name', message: 'Das Feld name fehlt.' },
      { line: 4, column: 'logoUrl', message: 'Nur https://-Adressen werden angenommen.' },
      { line: 5, column: 'booth', message: 'Stand Z-910 steht schon in Zeile 2.' },
    ]);

    const skipping = await csvImport(csv, '?skipInvalid=true');
    expect(skipping.json()).toMatchObject({ applied: true, created: 2, skipped: 3 });
    expect(await boothRow('Z-910')).toHaveLength(1);
    expect(await boothRow('Z-912')).toEqual([]);
  });

  it('refuses a file without the needed columns, broken quoting, or an empty body, whatever skipInvalid says', async () => {
    const missing = await csvImport('name,hall\nA,B\n', '?skipInvalid=true');
    expect(missing.json()).toMatchObject({
      applied: false,
      errors: [
        { line: 1, column: 'booth', message: 'The header has no booth column.' },
        { line: 1, column: 'category', message: 'The header has no category column.' },
      ],
    });
    const quotes = await csvImport('name,booth,hall,category\n"Open,Z-1,H,C\n');
    expect(quotes.json()).toMatchObject({ applied: false });
    expect(quotes.json().errors).toHaveLength(1);
    const empty = await csvImport('');
    expect(empty.statusCode).toBeLessThan(500);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/organizer/exhibitors/import',
      headers: organizer,
      payload: { csv: 42 },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('/api/organizer/news', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/organizer/news${url}`, headers: organizer, ...(payload ? { payload } : {}) });
  const publicTitles = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/news' })).json() as { title: string }[]).map((n) => n.title);

  it('creates a draft, edits, publishes, unpublishes and deletes it, with the public list following', async () => {
    const created = await call('POST', '', { title: '  Shuttle times changed  ', body: 'The 8:15 shuttle\nleaves at 8:30.' });
    expect(created.statusCode, created.body).toBe(201);
    const draft: OrganizerNews = created.json();
    expect(draft).toMatchObject({ title: 'Shuttle times changed', publishedAt: null });
    expect(await publicTitles()).not.toContain('Shuttle times changed');

    const list = (await call('GET', '')).json() as OrganizerNews[];
    expect(list[0]?.id).toBe(draft.id);

    const edited = await call('PATCH', `/${draft.id}`, { title: 'Shuttle times' });
    expect(edited.json()).toMatchObject({ title: 'Shuttle times', body: 'The 8:15 shuttle\nleaves at 8:30.' });

    const published = await call('POST', `/${draft.id}/publish`);
    expect(published.statusCode).toBe(200);
    const publishedAt = (published.json() as OrganizerNews).publishedAt;
    expect(publishedAt).not.toBeNull();
    expect(await publicTitles()).toContain('Shuttle times');
    // Publishing again keeps the date.
    expect(((await call('POST', `/${draft.id}/publish`)).json() as OrganizerNews).publishedAt).toBe(publishedAt);

    expect(((await call('POST', `/${draft.id}/unpublish`)).json() as OrganizerNews).publishedAt).toBeNull();
    expect(await publicTitles()).not.toContain('Shuttle times');

    expect((await call('DELETE', `/${draft.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${draft.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/${draft.id}/publish`)).statusCode).toBe(404);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(isNotNull(auditLog.actorUserId), eq(auditLog.subject, 'Shuttle times')));
    expect(actions.map((a) => a.action).sort()).toEqual(['news.delete', 'news.edit', 'news.publish', 'news.unpublish']);
  });

  it('refuses bad input with 400', async () => {
    for (const payload of [
      {},
      { title: '', body: 'x' },
      { title: 'a\nb', body: 'x' },
      { title: 'ok', body: '   ' },
      { title: 'x'.repeat(201), body: 'x' },
    ]) {
      const res = await call('POST', '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('PATCH', '/abc', { title: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', '/99999999999', { title: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', '/999999', { title: 'x' })).statusCode).toBe(404);
  });
});
