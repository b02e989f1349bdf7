ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_kind_corrects";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "correction" text;--> statement-breakpoint
UPDATE "invoices" SET "correction" = 'vat' WHERE "corrects_invoice_id" IS NOT NULL AND ("kind" = 'invoice' OR EXISTS (SELECT 1 FROM "invoices" AS "replacement" WHERE "replacement"."corrects_invoice_id" = "invoices"."corrects_invoice_id" AND "replacement"."kind" = 'invoice'));--> statement-breakpoint
UPDATE "invoices" SET "correction" = 'cancellation' WHERE "kind" = 'credit-note' AND "corrects_invoice_id" IS NOT NULL AND "correction" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_first_invoice" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."corrects_invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replacement" ON "invoices" USING btree ("corrects_invoice_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_vat_credit_note" ON "invoices" USING btree ("corrects_invoice_id") WHERE "invoices"."kind" = 'credit-note' and "invoices"."correction" = 'vat';