export * from './account.ts';
export * from './agenda.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './leads.ts';
export * from './pass-token.ts';
export * from './sync.ts';
export * from './user.ts';
