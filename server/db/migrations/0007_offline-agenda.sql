CREATE TABLE "client_ops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_favourites" (
	"user_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"favourite" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agenda_favourites_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "client_ops" ADD CONSTRAINT "client_ops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_favourites" ADD CONSTRAINT "agenda_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_favourites" ADD CONSTRAINT "agenda_favourites_session_id_agenda_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_ops_user_idx" ON "client_ops" USING btree ("user_id");