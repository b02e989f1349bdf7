import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type SurveyEntry, surveyAnswersBodySchema, surveyEntrySchema, surveyQuestionSchema } from '#shared/contracts/index.ts';
import { validateSurveyAnswer } from '#shared/survey.ts';
import type { Db } from '../../db/client.ts';
import { surveyAnswers, surveyQuestions } from '../../db/schema/index.ts';
import { HttpProblem, keyedField } from '../../plugins/errors.ts';
import { authOf } from '../../types.ts';

async function entriesOf(db: Db, userId: string): Promise<SurveyEntry[]> {
  const rows = await db
    .select()
    .from(surveyAnswers)
    .where(eq(surveyAnswers.userId, userId))
    .orderBy(asc(surveyAnswers.questionId));
  return rows.map((r) => ({
    questionId: r.questionId,
    value: r.value,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // The registration flow's Survey step answers with its registration token too.
  const auth = { onRequest: app.authenticateRegistration };

  app.get('/questions/', { ...auth, schema: { tags: ['survey'], response: { 200: z.array(surveyQuestionSchema) } } }, async () =>
    db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.position)),
  );

  app.get('/', { ...auth, schema: { tags: ['survey'], response: { 200: z.array(surveyEntrySchema) } } }, async (request) =>
    entriesOf(db, authOf(request).userId),
  );

  /** Saves answers (insert or update per question); createdAt keeps the day of the first answer. */
  app.post(
    '/',
    { ...auth, schema: { tags: ['survey'], body: surveyAnswersBodySchema, response: { 200: z.array(surveyEntrySchema) } } },
    async (request) => {
      const userId = authOf(request).userId;
      const questions = new Map((await db.select().from(surveyQuestions)).map((q) => [q.id, q]));
      const errors = request.body.answers.flatMap((answer, i) => {
        const question = questions.get(answer.questionId);
        const problem = question ? validateSurveyAnswer(question, answer.value) : { key: 'unknownQuestion' as const };
        return problem ? [keyedField(`answers.${i}.value`, { validation: problem })] : [];
      });
      if (errors.length) throw new HttpProblem(400, 'Some answers are not valid.', errors);
      const today = new Date().toISOString().slice(0, 10);
      await db
        .insert(surveyAnswers)
        .values(request.body.answers.map((a) => ({ userId, questionId: a.questionId, value: a.value, createdAt: today })))
        .onConflictDoUpdate({
          target: [surveyAnswers.userId, surveyAnswers.questionId],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
      return entriesOf(db, userId);
    },
  );
};
