CREATE TABLE "checkin_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkin_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pass_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "checkin_lists_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"barcode_id" uuid NOT NULL,
	"pass_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duplicate_of" uuid
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scanner_user_id" uuid NOT NULL,
	"scanned_user_id" uuid NOT NULL,
	"barcode_id" uuid NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scan_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leads_scanner_scanned" UNIQUE("scanner_user_id","scanned_user_id")
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_scanner_user_id_users_id_fk" FOREIGN KEY ("scanner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_scanned_user_id_users_id_fk" FOREIGN KEY ("scanned_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_list_pass_idx" ON "checkins" USING btree ("list_id","pass_id","scanned_at");--> statement-breakpoint
CREATE INDEX "leads_scanned_idx" ON "leads" USING btree ("scanned_user_id");