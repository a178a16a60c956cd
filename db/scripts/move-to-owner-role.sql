-- One-off: hand a tenant-fabric schema that an earlier release migrated as a superuser (usually
-- postgres) to the schema owner role, so that `controller-app.jar --migrate` can run as that
-- owner and the service as its runtime role (docs/upgrade.md). Run as a superuser, in the
-- service's database, before the first --migrate of this release:
--
--   psql -v ON_ERROR_STOP=1 -v owner=tenant_fabric_owner -v schema=public \
--        -d tenant_fabric -f db/scripts/move-to-owner-role.sql
--
-- It changes owners only: no row is read or written. Both roles must exist. Idempotent.
\set ON_ERROR_STOP on
BEGIN;
SELECT set_config('tf.owner', :'owner', true), set_config('tf.schema', :'schema', true);

DO $$
DECLARE
    owner  text := current_setting('tf.owner');
    target text := current_setting('tf.schema');
    r      record;
    moved  integer := 0;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = owner) THEN
        RAISE EXCEPTION 'role % does not exist: create it first (README, Configuration)', owner;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = target) THEN
        RAISE EXCEPTION 'schema % does not exist in database %', target, current_database();
    END IF;
    -- tables (their owned and identity sequences follow them) and views
    FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = target AND c.relkind IN ('r', 'p', 'v')
    LOOP
        EXECUTE format('ALTER TABLE %I.%I OWNER TO %I', target, r.relname, owner);
        moved := moved + 1;
    END LOOP;
    -- sequences that no table owns
    FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = target AND c.relkind = 'S'
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid
                               AND d.deptype IN ('a', 'i'))
    LOOP
        EXECUTE format('ALTER SEQUENCE %I.%I OWNER TO %I', target, r.relname, owner);
    END LOOP;
    -- functions (the audit chain's and the guards' trigger functions)
    FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p
             JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = target
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', r.sig, owner);
    END LOOP;
    -- later migrations create tables here as the owner
    EXECUTE format('GRANT USAGE, CREATE ON SCHEMA %I TO %I', target, owner);
    RAISE NOTICE 'schema %: % tables and views, their sequences and functions now owned by %',
        target, moved, owner;
END $$;
COMMIT;
