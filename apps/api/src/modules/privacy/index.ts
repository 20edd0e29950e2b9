// The privacy module as app.ts sees it: the public figures of the privacy page (ADR 0031).
export { privacyModule } from './module.ts';
