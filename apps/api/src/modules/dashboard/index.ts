// The dashboard module (the Sistema home page's figures) as the rest of the app sees it.
export { default as dashboardRoutes } from './routes.ts';
export { DashboardService } from './service.ts';
