import { eq } from 'drizzle-orm';
import { type EventConfig, eventConfigSchema } from '#shared/contracts/catalog.ts';
import type { Db } from '../../db/client.ts';
import { config } from '../../db/schema/index.ts';

/** The configured event (the 'event' row), or null when it is missing or no longer fits the contract. */
export async function readEventConfig(db: Db): Promise<EventConfig | null> {
  const [row] = await db.select().from(config).where(eq(config.key, 'event')).limit(1);
  const parsed = eventConfigSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** The event's first and last day; the 2026 edition's when the configuration is unreadable. */
export async function readEventDates(db: Db): Promise<{ startDate: string; endDate: string }> {
  const event = await readEventConfig(db);
  return event ? { startDate: event.startDate, endDate: event.endDate } : { startDate: '2026-03-24', endDate: '2026-03-26' };
}
