-- Trigram indexes (pg_trgm, shipped with PostgreSQL and loaded into PGlite by db/client.ts) for
-- searches by a part of a text: the plan positions page's subject and ОКПД2 filters (issue 27).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
