ALTER TABLE "pass_types" ADD COLUMN "upgrades_to" integer;--> statement-breakpoint
ALTER TABLE "pass_types" ADD CONSTRAINT "pass_types_upgrades_to_pass_types_id_fk" FOREIGN KEY ("upgrades_to") REFERENCES "public"."pass_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Databases seeded before this column existed: "X Upgrade" leads to "X Pass".
UPDATE "pass_types" AS "u" SET "upgrades_to" = "b"."id" FROM "pass_types" AS "b" WHERE "u"."kind" = 'paid-upgrade' AND "u"."upgrades_to" IS NULL AND "b"."kind" = 'paid' AND "b"."name" = replace("u"."name", ' Upgrade', ' Pass');
