// The dashboard module (the Sistema home page's figures) as the rest of the app sees it.
export { dashboardModule } from './module.ts';
