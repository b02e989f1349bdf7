CREATE TABLE "vies_checks" (
	"vat_id" text PRIMARY KEY NOT NULL,
	"valid" boolean NOT NULL,
	"request_date" timestamp with time zone NOT NULL,
	"request_identifier" text,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_kind";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "vat_confirmed_id" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "vat_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "vat_confirmation_reference" text;--> statement-breakpoint
CREATE INDEX "vies_checks_expires_idx" ON "vies_checks" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_kind_corrects" UNIQUE NULLS NOT DISTINCT("order_id","kind","corrects_invoice_id");