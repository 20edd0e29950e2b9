// The notifications module as app.ts and other modules see it.
export { NotificationJob } from './job.ts';
export { notificationsModule } from './module.ts';
