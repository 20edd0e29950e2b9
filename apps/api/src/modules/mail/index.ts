// The mail module (the outbox, its sender and the Admin's view of it) as the rest of the app sees it.
export { MailRepository, type OutboxEntry } from './repository.ts';
export { default as mailRoutes } from './routes.ts';
export { MAX_ATTEMPTS, MailSender } from './sender.ts';
export { type MailRebuilder, type MailRequestHandler, MailOutbox, REQUEST_LIFE_MS } from './service.ts';
