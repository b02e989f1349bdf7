ALTER TABLE "pass_claims" ADD COLUMN "claimant" text;--> statement-breakpoint
CREATE INDEX "pass_claims_pool_claimant_status_idx" ON "pass_claims" USING btree ("pool_key","claimant","status");