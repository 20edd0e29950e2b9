// Every table, by domain. Drizzle reads this file (drizzle.config.ts) to generate migrations.
export * from './audit.ts';
export * from './catalogue.ts';
export * from './collection.ts';
export * from './feedback.ts';
export * from './mail.ts';
export * from './notifications.ts';
export * from './rankings.ts';
export * from './shop.ts';
export * from './terms.ts';
export * from './tournaments.ts';
export * from './users.ts';
export * from './votes.ts';
