-- Issue 23: VAT by what is sold, per line (src/shared/tax-rules.ts). Every line of every order and
-- invoice gains its VAT category and rate, taken from the row it belonged to, before the row's
-- columns go: issued invoices keep exactly their amounts ('AE' marks the old reverse charge).
UPDATE "orders" SET "lines" = (
  SELECT coalesce(jsonb_agg("line" || jsonb_build_object(
    'vatCategory', CASE WHEN "orders"."reverse_charge" THEN 'AE' ELSE 'S' END,
    'vatBasisPoints', "orders"."vat_basis_points") ORDER BY "n"), '[]'::jsonb)
  FROM jsonb_array_elements("orders"."lines") WITH ORDINALITY AS "t"("line", "n")
);--> statement-breakpoint
UPDATE "invoices" SET "lines" = (
  SELECT coalesce(jsonb_agg("line" || jsonb_build_object(
    'vatCategory', CASE WHEN "invoices"."reverse_charge" THEN 'AE' ELSE 'S' END,
    'vatBasisPoints', "invoices"."vat_basis_points") ORDER BY "n"), '[]'::jsonb)
  FROM jsonb_array_elements("invoices"."lines") WITH ORDINALITY AS "t"("line", "n")
);--> statement-breakpoint
-- Open (unpaid) orders are not sold yet: they are priced by the tax rules as of this migration
-- (standard category; hotel nights and train tickets 7 %, the rest 19 %), VAT per rate rounded half
-- up on the sum of that rate's lines, like totalsOf. A payment session opened for the old amount can
-- no longer complete them (its amount no longer equals the order's gross).
UPDATE "orders" SET "lines" = (
  SELECT coalesce(jsonb_agg("line" || jsonb_build_object(
    'vatCategory', 'S',
    'vatBasisPoints', CASE "line"->>'kind' WHEN 'hotel' THEN 700 WHEN 'train-ticket' THEN 700 ELSE 1900 END) ORDER BY "n"), '[]'::jsonb)
  FROM jsonb_array_elements("orders"."lines") WITH ORDINALITY AS "t"("line", "n")
) WHERE "status" = 'open';--> statement-breakpoint
UPDATE "orders" SET "vat" = "priced"."vat", "gross" = "orders"."net" + "priced"."vat"
FROM (
  -- bigint division truncates: the floor of a non-negative amount, so + 5000 rounds half up.
  SELECT "o"."id", coalesce(sum(("r"."net" * "r"."basis_points" + 5000) / 10000), 0)::integer AS "vat"
  FROM "orders" AS "o"
  LEFT JOIN LATERAL (
    SELECT sum(("line"->>'net')::bigint)::bigint AS "net", ("line"->>'vatBasisPoints')::bigint AS "basis_points"
    FROM jsonb_array_elements("o"."lines") AS "l"("line")
    GROUP BY ("line"->>'vatBasisPoints')::bigint
  ) AS "r" ON true
  WHERE "o"."status" = 'open'
  GROUP BY "o"."id"
) AS "priced"
WHERE "orders"."id" = "priced"."id";--> statement-breakpoint
-- The e-invoice needs the buyer's address in parts (BG-8). Issued invoices printed it as lines only;
-- where the holder's billing address still prints the very same lines, its parts are that address.
-- Otherwise the invoice stays without them (the address changed since).
UPDATE "invoices" SET "buyer" = "invoices"."buyer" || jsonb_build_object('postal', jsonb_build_object(
  'line1', "a"."address_line1", 'line2', "a"."address_line2", 'postcode', "a"."zip", 'city', "a"."city",
  'state', "a"."state", 'countryCode', coalesce("c"."code", '')))
FROM "addresses" AS "a" LEFT JOIN "countries" AS "c" ON "c"."id" = "a"."country_id"
WHERE "a"."user_id" = "invoices"."user_id" AND "a"."type" = 'billingAddress'
  AND NOT ("invoices"."buyer" ? 'postal')
  AND "invoices"."buyer"->'address' = (
    SELECT coalesce(jsonb_agg("p"."part" ORDER BY "p"."n"), '[]'::jsonb)
    FROM unnest(ARRAY["a"."address_line1", "a"."address_line2", concat_ws(' ', nullif("a"."zip", ''), nullif("a"."city", '')), "a"."state", "c"."name"])
      WITH ORDINALITY AS "p"("part", "n")
    WHERE btrim("p"."part") <> ''
  );--> statement-breakpoint
DROP TABLE "vies_checks" CASCADE;--> statement-breakpoint
ALTER TABLE "addresses" DROP COLUMN "vat_confirmed_id";--> statement-breakpoint
ALTER TABLE "addresses" DROP COLUMN "vat_confirmed_at";--> statement-breakpoint
ALTER TABLE "addresses" DROP COLUMN "vat_confirmation_reference";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "vat_basis_points";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "reverse_charge";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "vat_basis_points";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "reverse_charge";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "buyer_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "purchase_order" text DEFAULT '' NOT NULL;
