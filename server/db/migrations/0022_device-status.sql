CREATE TABLE "devices" (
	"device_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"checkin_list_id" integer,
	"last_sync_at" timestamp with time zone,
	"pending" integer DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"app_version" text,
	"label" text,
	CONSTRAINT "devices_kind_check" CHECK ("devices"."kind" in ('checkin', 'lead', 'kiosk')),
	CONSTRAINT "devices_pending_check" CHECK ("devices"."pending" >= 0)
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_checkin_list_id_checkin_lists_id_fk" FOREIGN KEY ("checkin_list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");