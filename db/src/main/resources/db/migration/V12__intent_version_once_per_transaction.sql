-- V9's intent version moves once per transaction, however many of its rows change what placement
-- and the pools depend on. Forward-only.
--
-- Why: V9's row triggers moved it once per tenant given pools, so an allocation group of four new
-- tenants updated the one intent_version row four times, plus once for its allocations, all under
-- the fabric lock. Every update of that row leaves a dead version of it behind until vacuum, and
-- V9's UPDATE, having no WHERE, read every one of them: on the CI machine (autovacuum off) the
-- table held 60 pages for its one row after 23,000 moves, and the pool assignment of a group of
-- four spent 7.2 ms in these triggers (measured, EXPLAIN ANALYZE) against 0.3 ms for the rest.
--
-- Once is enough: an instance compares the committed version with the one its indexes were built
-- at, and a transaction commits all its changes at once, so one fresh value from the sequence per
-- transaction differs from every value anyone holds, as before. The trigger remembers the
-- transaction it moved the version in with a transaction-local setting holding the transaction's
-- id: it ends with the transaction, is undone with a rolled-back savepoint (as is the update it
-- stands for), and a value left over or set by hand names another transaction, so it can only
-- cost an extra move, never skip one. The row is updated by its key, found by index.
CREATE OR REPLACE FUNCTION bump_intent_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
DECLARE
    this_transaction text := pg_current_xact_id()::text;
BEGIN
    IF current_setting('tenant_fabric.intent_moved_in', true) = this_transaction THEN
        RETURN NULL;
    END IF;
    UPDATE intent_version SET version = nextval('intent_version_seq') WHERE id = 1;
    PERFORM set_config('tenant_fabric.intent_moved_in', this_transaction, true);
    RETURN NULL;
END $$;
