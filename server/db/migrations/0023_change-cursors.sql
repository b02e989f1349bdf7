CREATE TABLE "lead_removals" (
	"scanner_user_id" uuid PRIMARY KEY NOT NULL,
	"change_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "change_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "change_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_barcodes" ADD COLUMN "change_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_change_tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "checkins_list_change_idx" ON "checkins" USING btree ("list_id","change_tx","id");--> statement-breakpoint
CREATE INDEX "pass_barcodes_revoked_change_idx" ON "pass_barcodes" USING btree ("change_tx","id") WHERE "pass_barcodes"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "users_lead_team_idx" ON "users" USING btree ("lead_team_id");--> statement-breakpoint
-- Hand-written (issue 24): the change cursors of the incremental downloads. Every write of a row
-- stamps it with its transaction id, so a download can page in commit-safe (change_tx, id) order.
CREATE FUNCTION "set_change_tx"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_tx := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "checkins_change_tx" BEFORE INSERT OR UPDATE ON "checkins" FOR EACH ROW EXECUTE FUNCTION "set_change_tx"();--> statement-breakpoint
CREATE TRIGGER "leads_change_tx" BEFORE INSERT OR UPDATE ON "leads" FOR EACH ROW EXECUTE FUNCTION "set_change_tx"();--> statement-breakpoint
CREATE TRIGGER "pass_barcodes_change_tx" BEFORE INSERT OR UPDATE ON "pass_barcodes" FOR EACH ROW EXECUTE FUNCTION "set_change_tx"();--> statement-breakpoint
-- Only what scanners see of a person moves their leads forward, not a sign-in or a password change.
CREATE FUNCTION "set_profile_change_tx"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
    OR NEW.first_name IS DISTINCT FROM OLD.first_name
    OR NEW.last_name IS DISTINCT FROM OLD.last_name
    OR NEW.company IS DISTINCT FROM OLD.company
    OR NEW.image IS DISTINCT FROM OLD.image THEN
    NEW.profile_change_tx := pg_current_xact_id();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_profile_change_tx" BEFORE INSERT OR UPDATE OF "first_name", "last_name", "company", "image" ON "users" FOR EACH ROW EXECUTE FUNCTION "set_profile_change_tx"();--> statement-breakpoint
-- A deleted lead (its person's account deleted) makes its scanner's devices download the list again.
CREATE FUNCTION "record_lead_removals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_removals" ("scanner_user_id", "change_tx")
    SELECT DISTINCT "scanner_user_id", pg_current_xact_id() FROM "removed"
    ON CONFLICT ("scanner_user_id") DO UPDATE SET "change_tx" = excluded."change_tx";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_removals" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "record_lead_removals"();--> statement-breakpoint
-- The revocation list pages by change_tx, so every barcode of a cancelled or rejected pass must be
-- revoked (the old list added them on every call); cancelling and rejecting revoke them as they go.
UPDATE "pass_barcodes" SET "revoked_at" = now(), "revoked_reason" = "passes"."status"
  FROM "passes"
  WHERE "passes"."id" = "pass_barcodes"."pass_id" AND "passes"."status" IN ('cancelled', 'rejected') AND "pass_barcodes"."revoked_at" IS NULL;
--> statement-breakpoint
-- And stays so whatever writes the status: at commit, a pass closed in the transaction has every
-- barcode revoked (the services revoke them themselves first; this catches any other writer).
CREATE FUNCTION "revoke_barcodes_of_closed_pass"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('cancelled', 'rejected') THEN
    UPDATE "pass_barcodes" SET "revoked_at" = now(), "revoked_reason" = NEW.status
      WHERE "pass_id" = NEW.id AND "revoked_at" IS NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "passes_closed_revokes_barcodes" AFTER UPDATE OF "status" ON "passes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "revoke_barcodes_of_closed_pass"();
