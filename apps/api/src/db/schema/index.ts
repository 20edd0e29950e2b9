// Every table, by domain. Drizzle reads this file (drizzle.config.ts) to generate migrations.
export * from './catalogue.ts';
export * from './mail.ts';
export * from './rankings.ts';
export * from './terms.ts';
export * from './users.ts';
export * from './votes.ts';
