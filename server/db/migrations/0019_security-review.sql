CREATE TABLE "known_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" uuid,
	"by_organizer" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lead_team_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lead_team_shares_earlier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_team_invitations" ADD CONSTRAINT "lead_team_invitations_team_id_lead_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."lead_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_team_invitations" ADD CONSTRAINT "lead_team_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lead_team_invitations_email_idx" ON "lead_team_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_team_invitations_pending_idx" ON "lead_team_invitations" USING btree ("team_id","email") WHERE "lead_team_invitations"."status" = 'pending';--> statement-breakpoint
-- Members added before invitations existed never agreed to share: from now on the team sees their new scans only.
UPDATE "users" SET "lead_team_joined_at" = now() WHERE "lead_team_id" IS NOT NULL;--> statement-breakpoint
-- Registration tokens are issued only once the address is confirmed: end those of unconfirmed accounts.
UPDATE "auth_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "email_confirmed_at" IS NULL);
