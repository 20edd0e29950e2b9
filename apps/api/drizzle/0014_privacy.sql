ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
CREATE INDEX "votes_traces_idx" ON "votes" USING btree ("answered_at") WHERE "votes"."ip_hash" is not null or "votes"."network_key" is not null or "votes"."user_agent" is not null;--> statement-breakpoint
-- The audit trail is append-only in the database itself (docs/security.md item 26, ADR 0031): whatever the
-- application does, a row once written is never changed or removed, not even by a foreign key's action
-- (the actor's key above is gone for that reason).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
