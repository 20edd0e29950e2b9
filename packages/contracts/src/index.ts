import './validation.ts';

export * from './roles.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './rankings.ts';
export * from './mail.ts';
export * from './tournaments.ts';
export * from './feedback.ts';
export * from './users.ts';
export * from './audit.ts';
export * from './terms.ts';
export * from './shop.ts';
export * from './regions.ts';
export * from './privacy.ts';
export * from './search.ts';
