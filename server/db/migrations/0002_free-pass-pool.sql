-- The free Standard Pass pool of SPEC §9 (2000 passes) exists in every database, seeded or not.
INSERT INTO "pass_pools" ("key", "total", "taken") VALUES ('free-standard', 2000, 0) ON CONFLICT ("key") DO NOTHING;
