// The health module as the rest of the app sees it. Routes only: it has no rules of its own and no
// SQL — readiness pings the database through the function app.ts passes in.
export { healthModule } from './module.ts';
