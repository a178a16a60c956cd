-- API tokens and the audit trail (helper SECURITY). Forward-only.

-- API tokens: only the SHA-256 of the secret is stored (hex, lower case); the secret is shown once.
CREATE TABLE api_tokens (
    id           uuid         PRIMARY KEY,
    label        varchar(100),
    role         varchar(16)  NOT NULL CHECK (role IN ('OPERATOR', 'PORTAL', 'TENANT', 'AUDITOR')),
    tenant       varchar(29),
    secret_hash  varchar(64)  NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
    created_at   timestamptz  NOT NULL DEFAULT now(),
    created_by   uuid         REFERENCES api_tokens (id),
    revoked_at   timestamptz,
    last_used_at timestamptz,
    -- a tenant is required for TENANT tokens and only for them
    CONSTRAINT api_tokens_tenant_iff_tenant_role CHECK ((role = 'TENANT') = (tenant IS NOT NULL))
);
-- Authentication looks a token up by the hash of the presented secret.
CREATE UNIQUE INDEX api_tokens_secret_hash_uq ON api_tokens (secret_hash);

-- Audit events: insert-only, hash-chained. Rows are appended in id order under an advisory lock;
-- each row stores the previous row's hash (64 zeros for the first) and its own hash, the hex
-- SHA-256 of audit_event_canonical(row) (see docs/security.md, "Audit chain").
-- The id comes from audit_events_id_seq inside the append trigger, after the chain lock.
CREATE SEQUENCE audit_events_id_seq;
CREATE TABLE audit_events (
    id             bigint       PRIMARY KEY,
    occurred_at    timestamptz  NOT NULL DEFAULT clock_timestamp(),
    actor_token_id uuid,
    actor_role     varchar(16),
    action         varchar(64)  NOT NULL,
    target_type    varchar(64)  NOT NULL,
    target         varchar(512),
    tenant         varchar(64),
    request_id     varchar(64),
    outcome        varchar(32)  NOT NULL,
    details        jsonb        NOT NULL DEFAULT '{}'::jsonb,
    prev_hash      varchar(64)  NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
    hash           varchar(64)  NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX audit_events_tenant_idx ON audit_events (tenant, id);
CREATE INDEX audit_events_action_idx ON audit_events (action, id);
CREATE INDEX audit_events_occurred_at_idx ON audit_events (occurred_at);

-- One field of the canonical form: '-' for NULL, else '<octets>:<value>' (unambiguous whatever
-- the value contains).
CREATE FUNCTION audit_field(v text) RETURNS text
    LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN v IS NULL THEN '-' ELSE octet_length(v) || ':' || v END $$;

-- The canonical form of an event, version 1: fields in this order, each as audit_field(..),
-- joined by a line feed. occurred_at is in microseconds since the epoch; details is PostgreSQL's
-- normalised jsonb text.
CREATE FUNCTION audit_event_canonical(e audit_events) RETURNS text
    LANGUAGE sql IMMUTABLE AS
$$ SELECT concat_ws(E'\n',
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
        audit_field(e.prev_hash::text)) $$;

-- Appends are serialised: take the chain lock, then the id (so id order is chain order even with
-- concurrent writers), link to the last row and hash. Whatever the inserter put in id, prev_hash
-- or hash is overwritten.
CREATE FUNCTION audit_events_chain() RETURNS trigger
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
    NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
    NEW.hash := encode(sha256(convert_to(audit_event_canonical(NEW), 'UTF8')), 'hex');
    RETURN NEW;
END
$$;

CREATE TRIGGER audit_events_chain_before_insert
    BEFORE INSERT ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_chain();

CREATE FUNCTION audit_events_reject_change() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    RAISE EXCEPTION 'audit_events is insert-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_events_no_update_delete
    BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_reject_change();

CREATE TRIGGER audit_events_no_truncate
    BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_reject_change();

ALTER SEQUENCE audit_events_id_seq OWNED BY audit_events.id;
