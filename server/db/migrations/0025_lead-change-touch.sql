CREATE INDEX "leads_scanner_change_idx" ON "leads" USING btree ("scanner_user_id","change_tx","id");--> statement-breakpoint
CREATE INDEX "leads_barcode_idx" ON "leads" USING btree ("barcode_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_change_tx";--> statement-breakpoint
-- Hand-written (issue 24): a lead's own change_tx is its whole change cursor. What it shows of other
-- rows moves it forward by touching it, so a scanner's download reads one index (scanner, change_tx,
-- id) instead of comparing the person's and the barcode's stamps on every lead of the list.
DROP TRIGGER "users_profile_change_tx" ON "users";--> statement-breakpoint
DROP FUNCTION "set_profile_change_tx"();--> statement-breakpoint
-- Only what scanners see of a person moves their leads, not a sign-in or a new password.
CREATE FUNCTION "touch_leads_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "change_tx" = pg_current_xact_id() WHERE "scanned_user_id" = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_touch_leads" AFTER UPDATE OF "first_name", "last_name", "company", "image" ON "users" FOR EACH ROW
  WHEN (NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name
    OR NEW.company IS DISTINCT FROM OLD.company OR NEW.image IS DISTINCT FROM OLD.image)
  EXECUTE FUNCTION "touch_leads_of_person"();--> statement-breakpoint
-- A revoked barcode (an upgrade: the lead shows the pass type of its barcode's pass).
CREATE FUNCTION "touch_leads_of_barcode"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "change_tx" = pg_current_xact_id() WHERE "barcode_id" = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pass_barcodes_touch_leads" AFTER UPDATE OF "revoked_at" ON "pass_barcodes" FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at)
  EXECUTE FUNCTION "touch_leads_of_barcode"();
