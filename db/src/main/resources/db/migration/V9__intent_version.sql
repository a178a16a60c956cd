-- The intent version: a value that changes with every change to what placement
-- and the pools depend on (which GPUs are live in an allocation, cordoned or drained; which VNIs
-- and prefixes are live or released; the fabric's GPUs and switches), so that an instance can keep
-- its placement and pool indexes in memory and trust them while the version it built them at is
-- still the row's (docs/provisioning.md, "Allocation write path"). Forward-only.
--
-- Values come from a sequence, never from +1: a transaction that rolled back used its values up,
-- so no later change can reach a version an instance already holds for other content.

--
-- Its own one-row table, not a column of the fabric row: every allocation moves it, and a new
-- version of the fabric row (its spec with it) per allocation made each commit write more WAL
-- under the fabric lock.
CREATE SEQUENCE intent_version_seq;
CREATE TABLE intent_version (
    id       smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    version  bigint   NOT NULL
);
INSERT INTO intent_version (id, version) VALUES (1, 0);

CREATE FUNCTION bump_intent_version() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    UPDATE intent_version SET version = nextval('intent_version_seq');
    RETURN NULL;
END $$;

-- an allocation is born live and leaves placement only when it stops being live
CREATE TRIGGER allocations_intent_insert AFTER INSERT OR DELETE ON allocations
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER allocations_intent_liveness AFTER UPDATE OF status ON allocations
    FOR EACH ROW
    WHEN ((OLD.status IN ('PROVISIONING', 'ACTIVE', 'RELEASING'))
          IS DISTINCT FROM (NEW.status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')))
    EXECUTE FUNCTION bump_intent_version();

CREATE TRIGGER gpus_intent_rows AFTER INSERT OR DELETE ON gpus
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER gpus_intent_cordon AFTER UPDATE OF cordoned ON gpus
    FOR EACH ROW WHEN (OLD.cordoned IS DISTINCT FROM NEW.cordoned)
    EXECUTE FUNCTION bump_intent_version();

CREATE TRIGGER switches_intent_rows AFTER INSERT OR DELETE ON switches
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER switches_intent_drain AFTER UPDATE OF drained ON switches
    FOR EACH ROW WHEN (OLD.drained IS DISTINCT FROM NEW.drained)
    EXECUTE FUNCTION bump_intent_version();

-- pools: a tenant that gets, loses or changes its VNI or prefix, and every release
CREATE TRIGGER tenants_intent_insert AFTER INSERT ON tenants
    FOR EACH ROW WHEN (NEW.vni IS NOT NULL OR NEW.prefix IS NOT NULL)
    EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER tenants_intent_pools AFTER UPDATE OF status, vni, prefix ON tenants
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.vni IS DISTINCT FROM NEW.vni
          OR OLD.prefix IS DISTINCT FROM NEW.prefix)
    EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER tenants_intent_delete AFTER DELETE ON tenants
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER vni_releases_intent AFTER INSERT OR UPDATE OR DELETE ON vni_releases
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
CREATE TRIGGER prefix_releases_intent AFTER INSERT OR UPDATE OR DELETE ON prefix_releases
    FOR EACH STATEMENT EXECUTE FUNCTION bump_intent_version();
