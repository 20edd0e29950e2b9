CREATE UNIQUE INDEX "terms_one_draft" ON "terms" USING btree ((true)) WHERE "terms"."published_at" is null;--> statement-breakpoint
-- A published version is immutable (the record of what members accepted): only a draft may change or go.
CREATE FUNCTION "terms_published_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."published_at" IS NOT NULL THEN
    RAISE EXCEPTION 'terms version % is published and cannot change', OLD."version";
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "terms_published_is_immutable" BEFORE UPDATE OR DELETE ON "terms"
  FOR EACH ROW EXECUTE FUNCTION "terms_published_is_immutable"();
