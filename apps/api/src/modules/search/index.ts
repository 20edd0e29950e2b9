// The search module as app.ts sees it.
export { searchModule } from './module.ts';
