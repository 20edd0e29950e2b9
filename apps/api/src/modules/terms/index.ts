// The terms module (the published terms of use) as the rest of the app sees it.
export { termsModule } from './module.ts';
