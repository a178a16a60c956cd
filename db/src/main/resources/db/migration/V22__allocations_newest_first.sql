-- The fabric-wide allocation list pages newest first by keyset on (created_at, id); released
-- allocations stay, so without this index every page would sort the whole table. Forward-only.
CREATE INDEX allocations_newest ON allocations (created_at, id);
