export * from './catalog.ts';
export * from './devices.ts';
export * from './mail-queue.ts';
export * from './orders.ts';
export * from './organizer.ts';
export * from './payments.ts';
export * from './users.ts';
export * from './venue.ts';
