// The audit trail's reader; the writing is the audit plugin's (plugins/audit.ts).
export { default as auditRoutes } from './routes.ts';
export { AuditService } from './service.ts';
