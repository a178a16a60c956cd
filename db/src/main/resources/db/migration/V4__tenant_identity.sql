-- Tenant identity by id (security review 2026-11-30, findings 1, 3, 14, 16, 18). Forward-only.
--
-- A tenant's name is reusable once it is deleted, so nothing that grants or remembers access may
-- point at a name: TENANT tokens, idempotency records and audit events now carry tenants.id, and
-- the database itself refuses a TENANT token for a tenant that is not live.

------------------------------------------------------------------------------------------------
-- API tokens: bound to the tenant's id; optional expiry; why a token was revoked.
------------------------------------------------------------------------------------------------
ALTER TABLE api_tokens
    ADD COLUMN tenant_id      bigint REFERENCES tenants (id),
    ADD COLUMN expires_at     timestamptz,
    ADD COLUMN revoked_reason varchar(200);

-- Bind every TENANT token to the tenant that was live under its name when the token was issued:
-- the one tenant whose lifetime [created_at, deleted_at) contains the token's created_at.
WITH candidates AS (
    SELECT k.id AS token_id, t.id AS tenant_id, count(*) OVER (PARTITION BY k.id) AS matches
    FROM api_tokens k
    JOIN tenants t ON t.name = k.tenant
                  AND k.created_at >= t.created_at
                  AND (t.deleted_at IS NULL OR k.created_at < t.deleted_at)
    WHERE k.role = 'TENANT')
UPDATE api_tokens k SET tenant_id = c.tenant_id
FROM candidates c
WHERE c.token_id = k.id AND c.matches = 1;

-- Revoke what cannot be trusted: a token whose tenant is gone (the issue-vs-delete race left some
-- unrevoked), and a token that matches no tenant's lifetime or more than one.
DO $$
DECLARE
    bound        integer;
    tenant_gone  integer;
    unmatched    integer;
BEGIN
    SELECT count(*) INTO bound FROM api_tokens WHERE role = 'TENANT' AND tenant_id IS NOT NULL;

    UPDATE api_tokens k
    SET revoked_at = now(), revoked_reason = 'V4 migration: its tenant was deleted'
    WHERE k.role = 'TENANT' AND k.revoked_at IS NULL AND k.tenant_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = k.tenant_id AND t.status <> 'LIVE');
    GET DIAGNOSTICS tenant_gone = ROW_COUNT;

    UPDATE api_tokens k
    SET revoked_at = now(),
        revoked_reason = 'V4 migration: no single tenant was live under its name when issued'
    WHERE k.role = 'TENANT' AND k.revoked_at IS NULL AND k.tenant_id IS NULL;
    GET DIAGNOSTICS unmatched = ROW_COUNT;

    RAISE NOTICE 'V4 tenant identity: % TENANT tokens bound to a tenant id; revoked % whose tenant is deleted and % with no or an ambiguous tenant match',
        bound, tenant_gone, unmatched;
END $$;

ALTER TABLE api_tokens
    -- every unrevoked TENANT token names its tenant by id; only TENANT tokens do
    ADD CONSTRAINT api_tokens_tenant_id_bound
        CHECK (role <> 'TENANT' OR tenant_id IS NOT NULL OR revoked_at IS NOT NULL),
    ADD CONSTRAINT api_tokens_tenant_id_only_tenant CHECK (role = 'TENANT' OR tenant_id IS NULL),
    ADD CONSTRAINT api_tokens_expiry_after_creation
        CHECK (expires_at IS NULL OR expires_at > created_at);

CREATE INDEX api_tokens_by_tenant ON api_tokens (tenant_id) WHERE revoked_at IS NULL;
CREATE INDEX api_tokens_live_operators ON api_tokens (role) WHERE revoked_at IS NULL;

-- A new TENANT token is for a live tenant, and its row lock (FOR SHARE) makes the insert wait for
-- a concurrent delete, or the delete wait for the insert: issue and delete serialise here even if
-- code forgot to. The display name is copied from the tenant, never trusted from the caller.
CREATE FUNCTION api_tokens_live_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    live_name text;
BEGIN
    IF NEW.role <> 'TENANT' THEN
        RETURN NEW;
    END IF;
    SELECT t.name INTO live_name FROM tenants t
    WHERE t.id = NEW.tenant_id AND t.status = 'LIVE' FOR SHARE;
    IF live_name IS NULL THEN
        RAISE EXCEPTION 'TENANT token for tenant id % refused: no such live tenant', NEW.tenant_id
            USING ERRCODE = 'check_violation';
    END IF;
    NEW.tenant := live_name;
    RETURN NEW;
END $$;

CREATE TRIGGER api_tokens_live_tenant BEFORE INSERT ON api_tokens
    FOR EACH ROW EXECUTE FUNCTION api_tokens_live_tenant();

------------------------------------------------------------------------------------------------
-- Idempotency records: a replay cache scoped by tenant id, expiring. The old ones were scoped by
-- name and are dropped (a cache, not data).
------------------------------------------------------------------------------------------------
DELETE FROM idempotency_records;

ALTER TABLE idempotency_records
    DROP CONSTRAINT idempotency_records_pkey,
    ADD COLUMN tenant_id  bigint      NOT NULL REFERENCES tenants (id),
    ADD COLUMN expires_at timestamptz NOT NULL,
    ADD PRIMARY KEY (tenant_id, scope, idempotency_key),
    ADD CONSTRAINT idempotency_records_expiry CHECK (expires_at > created_at);

DROP INDEX idempotency_records_age;
CREATE INDEX idempotency_records_expiry_idx ON idempotency_records (expires_at);

------------------------------------------------------------------------------------------------
-- Audit events: the tenant's id (nullable: events about no tenant, and every event before V4).
-- Rows cannot be changed, so old rows keep their form-1 hash and new rows are hashed in form 2,
-- which covers tenant_id too. The form is chosen by the trigger, never by the inserter.
------------------------------------------------------------------------------------------------
ALTER TABLE audit_events
    ADD COLUMN tenant_id bigint,
    ADD COLUMN form      smallint NOT NULL DEFAULT 1 CHECK (form IN (1, 2));
ALTER TABLE audit_events ALTER COLUMN form SET DEFAULT 2;

CREATE INDEX audit_events_tenant_id_idx ON audit_events (tenant_id, id);

-- Canonical form 1 (unchanged, see V3) for rows before V4; form 2 adds tenant_id after tenant.
CREATE OR REPLACE FUNCTION audit_event_canonical(e audit_events) RETURNS text
    LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN e.form = 1 THEN concat_ws(E'\n',
        'tf-audit-v1',
        audit_field(e.id::text),
        audit_field(((extract(epoch FROM e.occurred_at) * 1000000)::bigint)::text),
        audit_field(e.actor_token_id::text),
        audit_field(e.actor_role),
        audit_field(e.action),
        audit_field(e.target_type),
        audit_field(e.target),
        audit_field(e.tenant),
        audit_field(e.request_id),
        audit_field(e.outcome),
        audit_field(e.details::text),
        audit_field(e.prev_hash::text))
   ELSE concat_ws(E'\n',
        'tf-audit-v2',
        audit_field(e.id::text),
        audit_field(((extract(epoch FROM e.occurred_at) * 1000000)::bigint)::text),
        audit_field(e.actor_token_id::text),
        audit_field(e.actor_role),
        audit_field(e.action),
        audit_field(e.target_type),
        audit_field(e.target),
        audit_field(e.tenant),
        audit_field(e.tenant_id::text),
        audit_field(e.request_id),
        audit_field(e.outcome),
        audit_field(e.details::text),
        audit_field(e.prev_hash::text))
   END $$;

CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger
    LANGUAGE plpgsql AS
$$
DECLARE
    last_hash varchar(64);
BEGIN
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        -- a snapshot older than the lock could miss the last row and fork the chain
        RAISE EXCEPTION 'audit_events: append only under READ COMMITTED, not %',
            current_setting('transaction_isolation');
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('tenant-fabric.audit_events.chain'));
    SELECT a.hash INTO last_hash FROM audit_events a ORDER BY a.id DESC LIMIT 1;
    NEW.id := nextval('audit_events_id_seq');
    NEW.form := 2;
    NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
    NEW.hash := encode(sha256(convert_to(audit_event_canonical(NEW), 'UTF8')), 'hex');
    RETURN NEW;
END
$$;

------------------------------------------------------------------------------------------------
-- Allocations: the membership check runs once per allocation, not once per GPU (finding 18: a
-- count per inserted row is O(n^2) at commit, under the fabric lock).
------------------------------------------------------------------------------------------------
DROP TRIGGER allocation_gpus_count_check ON allocation_gpus;
DROP FUNCTION allocation_gpus_count_check();

-- At commit, once per allocation created or changed in the transaction: its memberships match
-- its GPU count.
CREATE FUNCTION allocations_membership_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    expected integer;
    actual   integer;
BEGIN
    SELECT a.gpu_count INTO expected FROM allocations a WHERE a.id = NEW.id;
    IF expected IS NULL THEN
        RETURN NULL; -- deleted again in the same transaction
    END IF;
    SELECT count(*) INTO actual FROM allocation_gpus g WHERE g.allocation_id = NEW.id;
    IF actual <> expected THEN
        RAISE EXCEPTION 'allocation % holds % GPUs but claims %', NEW.id, actual, expected
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER allocations_membership_count
    AFTER INSERT OR UPDATE ON allocations DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION allocations_membership_count();

-- The membership is written with the allocation and fixed afterwards: a GPU joins an allocation
-- only in the transaction that created it (its row's xmin is this transaction; an allocation
-- changed later by a transaction that adds members is recounted by the trigger above).
CREATE FUNCTION allocation_gpus_with_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM allocations a
                   WHERE a.id = NEW.allocation_id AND a.xmin = pg_current_xact_id()::xid) THEN
        RAISE EXCEPTION 'allocation % is not new in this transaction: its GPUs are fixed',
            NEW.allocation_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER allocation_gpus_with_allocation BEFORE INSERT ON allocation_gpus
    FOR EACH ROW EXECUTE FUNCTION allocation_gpus_with_allocation();

-- Allocations only for live tenants, now with the tenant row locked (FOR SHARE) so that this guard
-- and tenants_delete_guard cannot both pass for concurrent transactions (finding 16).
CREATE OR REPLACE FUNCTION allocations_live_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM tenants t WHERE t.id = NEW.tenant_id AND t.status = 'LIVE' FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tenant % is not live', NEW.tenant_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
