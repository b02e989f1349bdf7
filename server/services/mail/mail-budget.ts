import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import type { Mail, Mailer } from './mail.ts';

/**
 * Mails a stranger can make us send to someone else's address: registration, sign-up,
 * password reset, team invitations. Each recipient gets at most RECIPIENT_MAIL_LIMIT_PER_HOUR of them
 * per hour, whatever the kind, the sender's address or the instance (counted in rate_limits, key
 * `mail:<address>`). Past the budget the request is answered exactly as before but nothing is sent,
 * so the limit tells a prober nothing and the inbox is not flooded.
 */
export interface StrangerMail {
  /** Sends unless the recipient's hourly budget is spent; true when it went out. */
  send(mail: Mail, why: string): Promise<boolean>;
}

const HOUR_SECONDS = 3600;

export function createStrangerMail(db: Db, mailer: Mailer, perHour: number, log: FastifyBaseLogger): StrangerMail {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'mail',
    points: perHour,
    duration: HOUR_SECONDS,
    // The request limiters on the same table already delete expired rows.
    clearExpiredByTimeout: false,
  });
  return {
    async send(mail, why) {
      const to = mail.to.trim().toLowerCase();
      const state = await limiter.penalty(to, 1);
      if (state.consumedPoints > perHour) {
        log.warn(
          { why, retryInSeconds: Math.ceil(state.msBeforeNext / 1000) },
          'mail to one recipient over its hourly budget: not sent',
        );
        return false;
      }
      await mailer.send(mail);
      return true;
    },
  };
}
