-- Tenants, their pools (VNI, IPv4 prefix) with quarantine records, GPU allocations and their
-- membership, and idempotency records. Forward-only. The invariants live here, not only in code:
-- a GPU is in at most one live allocation, a VNI and a prefix belong to at most one live tenant,
-- a tenant with live allocations cannot be deleted.

CREATE TABLE tenants (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          text        NOT NULL CHECK (name ~ '^[a-z][a-z0-9-]{1,27}[a-z0-9]$'),
    display_name  text        NOT NULL CHECK (length(display_name) BETWEEN 1 AND 200),
    gpu_quota     integer     NOT NULL CHECK (gpu_quota BETWEEN 1 AND 10240),
    vni           integer     CHECK (vni BETWEEN 1 AND 16777215),
    prefix        text        CHECK (prefix ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}/[0-9]{1,2}$'),
    status        text        NOT NULL DEFAULT 'LIVE' CHECK (status IN ('LIVE', 'DELETED')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    deleted_at    timestamptz,
    version       bigint      NOT NULL DEFAULT 0,
    CHECK ((status = 'DELETED') = (deleted_at IS NOT NULL)),
    CHECK (deleted_at IS NULL OR deleted_at >= created_at),
    -- VNI and prefix are assigned together, on the first allocation
    CHECK ((vni IS NULL) = (prefix IS NULL)),
    -- the prefix is a network address (no host bits set)
    CHECK (prefix IS NULL OR prefix::cidr::text = prefix)
);

-- names are reusable once a tenant is deleted, never shared between live tenants
CREATE UNIQUE INDEX tenants_live_name ON tenants (name) WHERE status = 'LIVE';
CREATE UNIQUE INDEX tenants_live_vni ON tenants (vni) WHERE status = 'LIVE' AND vni IS NOT NULL;
CREATE UNIQUE INDEX tenants_live_prefix ON tenants (prefix) WHERE status = 'LIVE' AND prefix IS NOT NULL;
-- and no two live tenants' prefixes overlap (10.0.0.0/24 vs 10.0.0.0/16)
ALTER TABLE tenants ADD CONSTRAINT tenants_live_prefix_disjoint
    EXCLUDE USING gist ((prefix::cidr) inet_ops WITH &&) WHERE (status = 'LIVE' AND prefix IS NOT NULL);

-- when a tenant is deleted, its VNI and prefix rest here for the quarantine period before reuse
CREATE TABLE vni_releases (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    vni         integer     NOT NULL CHECK (vni BETWEEN 1 AND 16777215),
    tenant_id   bigint      NOT NULL REFERENCES tenants (id),
    released_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id)
);
CREATE INDEX vni_releases_recent ON vni_releases (released_at);

CREATE TABLE prefix_releases (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    prefix      text        NOT NULL CHECK (prefix::cidr::text = prefix),
    tenant_id   bigint      NOT NULL REFERENCES tenants (id),
    released_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id)
);
CREATE INDEX prefix_releases_recent ON prefix_releases (released_at);

CREATE TABLE allocations (
    id              uuid        PRIMARY KEY,
    tenant_id       bigint      NOT NULL REFERENCES tenants (id),
    status          text        NOT NULL
                    CHECK (status IN ('PROVISIONING', 'ACTIVE', 'FAILED', 'RELEASING', 'RELEASED')),
    gpu_count       integer     NOT NULL CHECK (gpu_count BETWEEN 1 AND 10240),
    failure_reason  text        CHECK (length(failure_reason) <= 4000),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    version         bigint      NOT NULL DEFAULT 0,
    CHECK (updated_at >= created_at),
    -- target of the membership's composite foreign key, which carries the status along
    UNIQUE (id, status)
);
CREATE INDEX allocations_by_tenant ON allocations (tenant_id, created_at);
CREATE INDEX allocations_live ON allocations (tenant_id)
    WHERE status IN ('PROVISIONING', 'ACTIVE', 'RELEASING');

-- Membership: which GPUs an allocation holds. The allocation's status is denormalised onto each
-- row, kept equal by the composite foreign key with ON UPDATE CASCADE (no code can forget it),
-- so that the partial unique index below sees only live memberships.
CREATE TABLE allocation_gpus (
    allocation_id     uuid NOT NULL,
    gpu_id            text NOT NULL REFERENCES gpus (id),
    allocation_status text NOT NULL,
    PRIMARY KEY (allocation_id, gpu_id),
    FOREIGN KEY (allocation_id, allocation_status)
        REFERENCES allocations (id, status) ON UPDATE CASCADE ON DELETE CASCADE
);

-- THE invariant: a GPU is part of at most one live allocation
CREATE UNIQUE INDEX allocation_gpus_one_live ON allocation_gpus (gpu_id)
    WHERE allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING');

-- the membership of an allocation is fixed once written: its GPU count matches it
CREATE FUNCTION allocation_gpus_count_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    expected integer;
    actual   integer;
BEGIN
    SELECT a.gpu_count INTO expected FROM allocations a WHERE a.id = NEW.allocation_id;
    SELECT count(*) INTO actual FROM allocation_gpus g WHERE g.allocation_id = NEW.allocation_id;
    IF actual <> expected THEN
        RAISE EXCEPTION 'allocation % holds % GPUs but claims %', NEW.allocation_id, actual, expected
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER allocation_gpus_count_check
    AFTER INSERT ON allocation_gpus DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION allocation_gpus_count_check();

-- a tenant with live allocations cannot be deleted, whatever the code does
CREATE FUNCTION tenants_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'DELETED' AND OLD.status = 'LIVE' AND EXISTS (
        SELECT 1 FROM allocations a
        WHERE a.tenant_id = NEW.id AND a.status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')) THEN
        RAISE EXCEPTION 'tenant % still has live allocations', NEW.name
            USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.status = 'DELETED' AND NEW.status <> 'DELETED' THEN
        RAISE EXCEPTION 'tenant % is deleted and stays deleted', OLD.name
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER tenants_delete_guard BEFORE UPDATE OF status ON tenants
    FOR EACH ROW EXECUTE FUNCTION tenants_delete_guard();

-- allocations only for live tenants
CREATE FUNCTION allocations_live_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = NEW.tenant_id AND t.status = 'LIVE') THEN
        RAISE EXCEPTION 'tenant % is not live', NEW.tenant_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER allocations_live_tenant BEFORE INSERT ON allocations
    FOR EACH ROW EXECUTE FUNCTION allocations_live_tenant();

-- Idempotency-Key records: the first response to (scope, key) is replayed for the same request.
CREATE TABLE idempotency_records (
    scope            text        NOT NULL CHECK (length(scope) BETWEEN 1 AND 200),
    idempotency_key  text        NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    request_hash     text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
    response_status  integer     NOT NULL CHECK (response_status BETWEEN 200 AND 599),
    location         text        CHECK (length(location) <= 2048),
    content_type     text        NOT NULL CHECK (length(content_type) <= 200),
    response_body    text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX idempotency_records_age ON idempotency_records (created_at);
