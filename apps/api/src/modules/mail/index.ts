// The mail module (the outbox, its sender and the Admin's view of it) as the rest of the app sees it.
export { type OutboxEntry } from './repository.ts';
export { mailModule } from './module.ts';
export { MAX_ATTEMPTS, MailSender } from './sender.ts';
export { type MailRebuilder, type MailRequestHandler, MailOutbox, REQUEST_LIFE_MS } from './service.ts';
