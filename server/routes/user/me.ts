import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_SCANNER_PATH } from '../../../src/shared/messages.ts';
import { type User, patchUserBodySchema, profileSchema, userSchema } from '../../../src/shared/contracts/index.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { authOf } from '../../types.ts';

type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    uuid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    image: row.image,
    scope: row.scopes,
    tags: row.tagIds.map((id) => ({ id })),
    permissions: row.permissionPaths.map((path) => ({ path })),
    isLeadScanner: row.permissionPaths.includes(LEAD_SCANNER_PATH),
  };
}

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/', { preHandler: app.authenticate, schema: { tags: ['user'], response: { 200: userSchema } } }, async (request) => {
    const userId = authOf(request).userId;
    let row = app.sessions.user(userId);
    if (!row) {
      [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw notFound('User');
      app.sessions.setUser(row);
    }
    return toUserDto(row);
  });

  app.patch(
    '/',
    { preHandler: app.authenticate, schema: { tags: ['user'], body: patchUserBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const [row] = await db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, authOf(request).userId))
        .returning();
      if (!row) throw notFound('User');
      app.sessions.setUser(row);
      return toUserDto(row);
    },
  );

  /** Public profile card (name and avatar) of any confirmed user, for lead lists and avatars. */
  app.get(
    '/profile/:uuid',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], params: z.object({ uuid: z.uuid() }), response: { 200: profileSchema } },
    },
    async (request) => {
      const [row] = await db
        .select({ uuid: users.id, firstName: users.firstName, lastName: users.lastName, image: users.image })
        .from(users)
        .where(eq(users.id, request.params.uuid))
        .limit(1);
      if (!row) throw notFound('Profile');
      return row;
    },
  );
};
