import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AttendeePage } from '#shared/contracts/organizer-people.ts';
import type { Db } from '../../server/db/client.ts';
import { openDatabase } from '../../server/db/client.ts';
import { passes, passTypes, users } from '../../server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts.ts';
import { seed } from '../../server/db/seed/index.ts';
import { listenInProcess } from './in-process-app.ts';
import { report } from './report.ts';
import { isMain } from './standalone.ts';

const PEOPLE = 10_000;
const ROUNDS = 8;

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Eva',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Kira',
  'Lukas',
  'Mia',
  'Noah',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
];
const COMPANIES = [
  'Hostwerk',
  'Cloudbau',
  'Serverhaus',
  'Datenfluss',
  'Netzwelt',
  'Rechenzentrum Süd',
  'Byteschmiede',
  'Webfarm',
];
const STATUSES = ['pending', 'approved', 'approved', 'approved', 'rejected', 'cancelled'] as const;

/** 10,000 people with varied names, companies, pass types and statuses (every 10th without a pass). */
async function seedPeople(db: Db): Promise<number[]> {
  const types = (await db.select({ id: passTypes.id }).from(passTypes)).map((row) => row.id);
  for (let from = 0; from < PEOPLE; from += 1000) {
    const batch = Array.from({ length: 1000 }, (_, k) => {
      const i = from + k;
      return {
        email: `person${i}@${(COMPANIES[i % COMPANIES.length] as string).toLowerCase().replace(/\W/g, '')}.example`,
        passwordHash: 'not-a-real-hash',
        firstName: FIRST[i % FIRST.length] as string,
        lastName: `${LAST[(i * 7) % LAST.length]}${i % 100 === 0 ? '-Lang' : ''}`,
        company: `${COMPANIES[(i * 3) % COMPANIES.length]} ${i % 50 === 0 ? 'AG' : 'GmbH'}`,
        emailConfirmedAt: new Date(),
      };
    });
    const made = await db.insert(users).values(batch).returning({ id: users.id });
    await db.insert(passes).values(
      made.flatMap((user, k) =>
        (from + k) % 10 === 9
          ? []
          : [
              {
                userId: user.id,
                passTypeId: types[(from + k) % types.length] as number,
                status: STATUSES[(from + k) % STATUSES.length] as (typeof STATUSES)[number],
              },
            ],
      ),
    );
  }
  return types;
}

/**
 * The organizer's attendee search (budget: p95 ≤ 50 ms at 10,000 people): a fresh PGlite
 * with the seed and 10,000 more people, a server in this process, and GET /api/organizer/attendees
 * with varied queries (a name, an e-mail part, a company, pass type and status filters, deep pages),
 * each timed from request to parsed answer.
 */
export async function benchAttendeeSearch() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-attendee-search-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seed(database.db);
    const types = await seedPeople(database.db);
    // PostgreSQL's autovacuum would have analysed the tables after 10,000 sign-ups; PGlite runs none.
    await database.db.execute(sql`analyze`);
    const { app, base } = await listenInProcess(database, dataDir, { ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const login = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'organizer@demo.cloudfest.example', password: DEMO_PASSWORD }),
      });
      if (!login.ok) throw new Error(`organizer login: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };

      const queries = [
        '',
        'q=anna',
        'q=SCHMIDT',
        'q=person4242',
        'q=hostwerk',
        'q=rechenzentrum%20s%C3%BCd',
        'q=lang&status=approved',
        'q=greta%20weber',
        `passType=${types[1]}`,
        'status=pending',
        'status=none',
        `passType=${types[2]}&status=approved&page=3`,
        'page=150&pageSize=50',
        'q=gmbh&page=40',
        'q=nobody-matches-this',
        'q=ag&pageSize=200',
      ];
      const timings: number[] = [];
      const get = async (query: string) => {
        const started = performance.now();
        const res = await fetch(`${base}/api/organizer/attendees?${query}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as AttendeePage;
        const ms = performance.now() - started;
        if (!res.ok) throw new Error(`search ${query}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        return { ms, body };
      };
      // One warm-up round (plans, caches), then the measured rounds.
      for (const query of queries) await get(query);
      for (let round = 0; round < ROUNDS; round++) {
        for (const query of queries) timings.push((await get(query)).ms);
      }
      const all = (await get('')).body.total;
      if (all < PEOPLE) throw new Error(`expected at least ${PEOPLE} people, found ${all}`);
      const sorted = [...timings].sort((a, b) => a - b);
      const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] as number;
      report('organizer_attendee_search_p95_ms', p95, 'ms', '<= 50');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchAttendeeSearch();
