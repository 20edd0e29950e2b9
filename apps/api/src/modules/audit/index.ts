// The audit trail's reader; the writing is the audit plugin's (plugins/audit.ts).
export { auditModule } from './module.ts';
