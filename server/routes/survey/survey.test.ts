import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { surveyAnswers, surveyQuestions, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts.ts';
import { createTestDatabase, testConfig } from '../../testing/test-app.ts';

/** What the server logs, line by line (pino writes one JSON object per line). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

/** A value that must never reach the log: it travels only as a query parameter. */
const SECRET = 'Sekret-Value-7f3a9c';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let headers: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent', logger: { level: 'info', stream: logStream } });
  // A route that runs into a unique violation the way a missed race would, with a value in its parameters.
  app.post('/test/unique-violation', async () => {
    await database.db.insert(users).values({
      email: 'attendee@demo.cloudfest.example',
      passwordHash: SECRET,
      firstName: SECRET,
      lastName: SECRET,
    });
    return { ok: true };
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'pending@demo.cloudfest.example', password: DEMO_PASSWORD },
  });
  headers = { authorization: `Bearer ${login.json().token}` };
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /api/survey/', () => {
  it('refuses a question answered twice in one request with 400, saving nothing', async () => {
    const questions = await database.db.select().from(surveyQuestions);
    const text = questions.find((q) => q.kind === 'text');
    if (!text) throw new Error('seed lacks a text question');
    const [pending] = await database.db.select().from(users).where(eq(users.email, 'pending@demo.cloudfest.example'));
    const before = await database.db.$count(surveyAnswers, eq(surveyAnswers.userId, pending?.id ?? ''));

    logLines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers,
      payload: {
        answers: [
          { questionId: text.id, value: SECRET },
          { questionId: text.id, value: `${SECRET}-again` },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toContainEqual({
      path: 'answers.1.questionId',
      message: 'Each question can be answered only once.',
    });
    expect(await database.db.$count(surveyAnswers, eq(surveyAnswers.userId, pending?.id ?? ''))).toBe(before);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('a unique violation that reaches the error handler logs no query values', async () => {
    logLines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/unique-violation' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    const log = logLines.join('\n');
    // Logged, with what an operator needs: the database's error code and the constraint.
    expect(log).toContain('23505');
    expect(log).toContain('users_email_unique');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('attendee@demo.cloudfest.example');
  });
});
