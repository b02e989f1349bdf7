import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './tokens.ts';

/**
 * Devices that signed in to an account before: an HttpOnly cookie sent only
 * to the sign-in call, whose SHA-256 is kept in known_devices. It proves nothing by itself (the
 * password is still needed); it only moves the device out of the locks a guesser elsewhere can trip.
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/user/login';
const DEVICE_DAYS = 400;

/** The hash of this request's device cookie when it is a known device of `userId`, else null. */
export async function knownDeviceOf(db: Db, request: FastifyRequest, userId: string | undefined): Promise<string | null> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!userId || !token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId)))
    .limit(1);
  return row?.tokenHash ?? null;
}

/** After a right password: the device is (still) known to the account; a device another account used gets a new cookie. */
export async function rememberDevice(db: Db, request: FastifyRequest, reply: FastifyReply, userId: string, known: string | null) {
  if (known) {
    await db.update(knownDevices).set({ lastUsedAt: new Date() }).where(eq(knownDevices.tokenHash, known));
    return;
  }
  const token = randomToken();
  await db.insert(knownDevices).values({ tokenHash: sha256(token), userId });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
