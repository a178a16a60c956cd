-- The audit chain's functions resolve every name the same way whoever appends, and only a function
-- of the owner vouches for a stretch of the chain. Forward-only.
--
-- Why: the chain trigger (V3, V4) resolved audit_events and 'audit_events_id_seq' through the
-- appending session's search_path, in which pg_temp comes first for relations unless it is named.
-- A session of the runtime role could put a TEMP TABLE audit_events or a TEMP SEQUENCE
-- audit_events_id_seq in front of the real ones and so choose the prev_hash and the id of the row
-- it appended: a fork of the chain. Checkpoints were ordinary events that any INSERT can write,
-- and verification started from the latest one, so a checkpoint written after a fork hid it.
--
-- What changes:
-- 1. audit_events_chain runs with search_path = <schema>, pg_temp (pg_temp named last, so a
--    temporary object never comes first) and names every object with its schema. Its advisory
--    lock key is scoped by the schema, as the provisioning lock's is: advisory locks are
--    database-wide, and two deployments (or two test schemas) in one database must not queue
--    behind each other's appends.
-- 2. audit_event_canonical and audit_field name every function, operator and type with its
--    schema (EXTRACT, CASE and COALESCE are syntax the parser binds to pg_catalog itself). They
--    keep no SET clause: PostgreSQL inlines only functions without one (V13), and they run inside
--    the trigger, under its fixed path. Their text, and so every hash, is as before.
-- 3. The other functions that guard the trail or a token's tenant (audit_events_reject_change,
--    api_tokens_live_tenant) get the same fixed path. The integrity triggers on business tables
--    keep theirs: the runtime role may write those tables directly, so a path it chose could not
--    let it do more than it already may.
-- 4. Trusted checkpoints: audit_checkpoints lists the checkpoint events that
--    audit_append_checkpoint wrote. That function runs as the owner (SECURITY DEFINER, fixed
--    path), walks the chain from the previous trusted checkpoint to the event it is asked to
--    vouch for, refuses a broken stretch or a hash that is not the stored one, and only then
--    appends the audit.checkpoint event and its row here. The runtime role may call it and read
--    the table, nothing more; an audit.checkpoint event without a row here (every one written
--    before this migration, and any a plain INSERT writes) is not trusted by verification.
DO $$
DECLARE
    s text := current_schema();
BEGIN
    EXECUTE format($f$
CREATE OR REPLACE FUNCTION %1$I.audit_field(v text) RETURNS text
    LANGUAGE sql IMMUTABLE AS
$body$ SELECT CASE WHEN v IS NULL THEN '-'
    ELSE CAST(pg_catalog.octet_length(v) AS pg_catalog.text) OPERATOR(pg_catalog.||) ':'
         OPERATOR(pg_catalog.||) v END $body$
$f$, s);

    EXECUTE format($f$
CREATE OR REPLACE FUNCTION %1$I.audit_event_canonical(e %1$I.audit_events) RETURNS text
    LANGUAGE sql STABLE AS
$body$ SELECT pg_catalog.concat_ws(E'\n',
        CASE WHEN e.form OPERATOR(pg_catalog.=) 1 THEN 'tf-audit-v1' ELSE 'tf-audit-v2' END,
        %1$I.audit_field(CAST(e.id AS pg_catalog.text)),
        %1$I.audit_field(CAST(CAST(extract(epoch FROM e.occurred_at)
            OPERATOR(pg_catalog.*) 1000000 AS pg_catalog.int8) AS pg_catalog.text)),
        %1$I.audit_field(CAST(e.actor_token_id AS pg_catalog.text)),
        %1$I.audit_field(e.actor_role),
        %1$I.audit_field(e.action),
        %1$I.audit_field(e.target_type),
        %1$I.audit_field(e.target),
        %1$I.audit_field(e.tenant),
        CASE WHEN e.form OPERATOR(pg_catalog.<>) 1
             THEN %1$I.audit_field(CAST(e.tenant_id AS pg_catalog.text)) END,
        %1$I.audit_field(e.request_id),
        %1$I.audit_field(e.outcome),
        %1$I.audit_field(CAST(e.details AS pg_catalog.text)),
        %1$I.audit_field(CAST(e.prev_hash AS pg_catalog.text))) $body$
$f$, s);

    EXECUTE format($f$
CREATE OR REPLACE FUNCTION %1$I.audit_events_chain() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = %1$I, pg_temp AS
$body$
DECLARE
    last_hash varchar(64);
BEGIN
    IF pg_catalog.current_setting('transaction_isolation') <> 'read committed' THEN
        -- a snapshot older than the lock could miss the last row and fork the chain
        RAISE EXCEPTION 'audit_events: append only under READ COMMITTED, not %%',
            pg_catalog.current_setting('transaction_isolation');
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(
        pg_catalog.hashtext('tenant-fabric.audit_events.chain'), pg_catalog.hashtext(%2$L));
    SELECT a.hash INTO last_hash FROM %1$I.audit_events a ORDER BY a.id DESC LIMIT 1;
    NEW.id := pg_catalog.nextval(%3$L::pg_catalog.regclass);
    NEW.form := 2;
    NEW.prev_hash := coalesce(last_hash, pg_catalog.repeat('0', 64));
    NEW.hash := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
        %1$I.audit_event_canonical(NEW), 'UTF8')), 'hex');
    RETURN NEW;
END
$body$
$f$, s, s, format('%I.%I', s, 'audit_events_id_seq'));

    EXECUTE format('ALTER FUNCTION %1$I.audit_events_reject_change() SET search_path = %1$I, pg_temp',
                   s);

    EXECUTE format($f$
CREATE OR REPLACE FUNCTION %1$I.api_tokens_live_tenant() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = %1$I, pg_temp AS
$body$
DECLARE
    live_name text;
BEGIN
    IF NEW.role <> 'TENANT' THEN
        RETURN NEW;
    END IF;
    SELECT t.name INTO live_name FROM %1$I.tenants t
    WHERE t.id = NEW.tenant_id AND t.status = 'LIVE' FOR SHARE;
    IF live_name IS NULL THEN
        RAISE EXCEPTION 'TENANT token for tenant id %% refused: no such live tenant', NEW.tenant_id
            USING ERRCODE = 'check_violation';
    END IF;
    NEW.tenant := live_name;
    RETURN NEW;
END
$body$
$f$, s);
END $$;

-- The checkpoint events audit_append_checkpoint wrote, each with the stretch it walked: the events
-- after after_id up to through_id, the last of which had through_hash. No foreign key to
-- audit_events: the trail's own triggers answer any attempt to remove its rows (a key would answer
-- a TRUNCATE first, with another message).
CREATE TABLE audit_checkpoints (
    event_id     bigint      PRIMARY KEY,
    through_id   bigint      NOT NULL,
    through_hash varchar(64) NOT NULL CHECK (through_hash ~ '^[0-9a-f]{64}$'),
    after_id     bigint      NOT NULL CHECK (after_id >= 0 AND after_id < through_id),
    checked      bigint      NOT NULL CHECK (checked > 0),
    CONSTRAINT audit_checkpoints_after_what_they_vouch_for CHECK (through_id < event_id)
);
CREATE INDEX audit_checkpoints_by_through ON audit_checkpoints (through_id);

DO $$
DECLARE
    s text := current_schema();
BEGIN
    EXECUTE format($f$
CREATE FUNCTION %1$I.audit_append_checkpoint(p_through_id bigint, p_through_hash text)
    RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = %1$I, pg_temp AS
$body$
DECLARE
    after_id  bigint := 0;
    last_id   bigint := 0;
    last_hash text := pg_catalog.repeat('0', 64);
    checked   bigint := 0;
    previous  record;
    walked    record;
    new_id    bigint;
BEGIN
    SELECT c.through_id, c.through_hash INTO previous
    FROM %1$I.audit_checkpoints c ORDER BY c.event_id DESC LIMIT 1;
    IF FOUND THEN
        after_id := previous.through_id;
        last_id := previous.through_id;
        last_hash := previous.through_hash;
        -- the event the previous checkpoint vouched for still has that hash and that content
        PERFORM 1 FROM %1$I.audit_events e
        WHERE e.id = after_id AND e.hash = last_hash
          AND e.hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                  %1$I.audit_event_canonical(e), 'UTF8')), 'hex');
        IF NOT FOUND THEN
            RAISE EXCEPTION 'audit chain broken at event %%: it differs from what the last trusted checkpoint recorded',
                after_id USING ERRCODE = 'data_corrupted';
        END IF;
    END IF;
    IF p_through_id IS NULL OR p_through_id <= after_id THEN
        RAISE EXCEPTION 'no event after %% to vouch for (asked for %%)', after_id, p_through_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOR walked IN
        SELECT e.id, e.prev_hash, e.hash,
               pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                   %1$I.audit_event_canonical(e), 'UTF8')), 'hex') AS recomputed
        FROM %1$I.audit_events e
        WHERE e.id > after_id AND e.id <= p_through_id
        ORDER BY e.id
    LOOP
        IF walked.prev_hash <> last_hash THEN
            RAISE EXCEPTION 'audit chain broken at event %%: prev_hash does not match the hash of the previous event',
                walked.id USING ERRCODE = 'data_corrupted';
        END IF;
        IF walked.recomputed <> walked.hash THEN
            RAISE EXCEPTION 'audit chain broken at event %%: stored hash does not match the event''s content',
                walked.id USING ERRCODE = 'data_corrupted';
        END IF;
        last_id := walked.id;
        last_hash := walked.hash;
        checked := checked + 1;
    END LOOP;
    IF last_id <> p_through_id OR last_hash <> p_through_hash THEN
        RAISE EXCEPTION 'event %% is not stored with hash %%', p_through_id, p_through_hash
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO %1$I.audit_events (actor_role, action, target_type, target, outcome, details,
                                   prev_hash, hash)
    VALUES ('SYSTEM', 'audit.checkpoint', 'audit_chain', CAST(p_through_id AS pg_catalog.text),
            'SUCCESS',
            pg_catalog.jsonb_build_object('throughId', p_through_id, 'throughHash', p_through_hash,
                                          'verifiedAfterId', after_id, 'checked', checked),
            '', '')
    RETURNING id INTO new_id;
    INSERT INTO %1$I.audit_checkpoints (event_id, through_id, through_hash, after_id, checked)
    VALUES (new_id, p_through_id, p_through_hash, after_id, checked);
    RETURN new_id;
END
$body$
$f$, s);
    EXECUTE format('REVOKE ALL ON FUNCTION %I.audit_append_checkpoint(bigint, text) FROM PUBLIC', s);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %I.audit_append_checkpoint(bigint, text) TO %I',
                   s, '${runtime_role}');
    -- V5's default privileges gave the runtime role every DML on new tables: it reads this one only
    EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %I.audit_checkpoints FROM %I',
                   s, '${runtime_role}');
END $$;
