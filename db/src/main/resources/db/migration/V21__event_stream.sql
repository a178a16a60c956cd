-- The event stream (GET /api/v1/events): every change a client follows is written by a trigger
-- into events, in the transaction that makes it, so that no code path can forget one.
-- Forward-only.
--
-- Order: (xid, seq). xid is the writing transaction's id (pg_current_xact_id), seq a sequence. A
-- row is delivered only once its xid is below the xmin of the reader's snapshot: every
-- transaction that could still commit a smaller position has ended then, so a client that resumes
-- after a position never misses a row nor sees one twice (docs/api.md, "Event stream").
CREATE SEQUENCE events_seq;
CREATE TABLE events (
    xid        xid8        NOT NULL DEFAULT pg_current_xact_id(),
    seq        bigint      NOT NULL DEFAULT nextval('events_seq'),
    type       text        NOT NULL
               CHECK (type IN ('allocation', 'switch', 'cabling', 'operation', 'isolation-audit',
                               'evidence')),
    -- the tenant an event belongs to (allocation, evidence), for visibility; NULL: the platform's
    tenant_id  bigint,
    payload    jsonb       NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (xid, seq)
);
-- retention deletes by age
CREATE INDEX events_created ON events (created_at);

-- The newest position retention deleted: a client resuming at or before it gets a reset.
CREATE TABLE event_horizon (
    id  smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    xid xid8     NOT NULL,
    seq bigint   NOT NULL
);
INSERT INTO event_horizon (id, xid, seq) VALUES (1, '0', 0);

-- The key of the stream's opaque cursors (AES-256-GCM), shared by every instance: the first to
-- start generates it and inserts it if none is there, and all read the one row.
CREATE TABLE event_cursor_key (
    id         smallint    PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    key        bytea       NOT NULL CHECK (length(key) = 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- allocation: created, or its status or health changed. Statement level: a batch outcome turns
-- thousands of allocations ACTIVE in one statement, and this is one INSERT ... SELECT for all.
CREATE FUNCTION allocation_event(a allocations, tenant text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object('id', a.id, 'tenantId', a.tenant_id, 'tenant', tenant,
                              'status', a.status, 'health', a.health,
                              'healthReasons', a.health_reasons,
                              'failureReason', a.failure_reason)
$$;

CREATE FUNCTION allocations_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, tenant_id, payload)
    SELECT 'allocation', n.tenant_id, allocation_event(n, t.name)
    FROM new_allocations n JOIN tenants t ON t.id = n.tenant_id;
    RETURN NULL;
END $$;
CREATE TRIGGER allocations_events_insert AFTER INSERT ON allocations
    REFERENCING NEW TABLE AS new_allocations
    FOR EACH STATEMENT EXECUTE FUNCTION allocations_insert_events();

CREATE FUNCTION allocations_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, tenant_id, payload)
    SELECT 'allocation', n.tenant_id, allocation_event(n, t.name)
    FROM new_allocations n
    JOIN old_allocations o ON o.id = n.id
    JOIN tenants t ON t.id = n.tenant_id
    WHERE o.status IS DISTINCT FROM n.status
       OR o.health IS DISTINCT FROM n.health
       OR o.health_reasons IS DISTINCT FROM n.health_reasons;
    RETURN NULL;
END $$;
CREATE TRIGGER allocations_events_update AFTER UPDATE ON allocations
    REFERENCING OLD TABLE AS old_allocations NEW TABLE AS new_allocations
    FOR EACH STATEMENT EXECUTE FUNCTION allocations_update_events();

-- switch: its state or last error changed. Row level with a WHEN: a write that changes neither
-- (generations, timestamps) costs no call at all.
CREATE FUNCTION switches_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    VALUES ('switch', jsonb_build_object('name', NEW.name, 'state', NEW.state,
                                         'lastError', NEW.last_error));
    RETURN NULL;
END $$;
CREATE TRIGGER switches_events AFTER UPDATE OF state, last_error ON switches
    FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.last_error IS DISTINCT FROM NEW.last_error)
    EXECUTE FUNCTION switches_events();

-- cabling: a cable end's state changed, appeared or went (a planned end without a row is
-- UNCHECKED). A link end is named "<switch> <port>". Statement level: a check rewrites every row
-- of the switches it read.
CREATE FUNCTION cabling_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    SELECT 'cabling', jsonb_build_object('link', n.switch_name || ' ' || n.port, 'state', n.state)
    FROM new_cabling n;
    RETURN NULL;
END $$;
CREATE TRIGGER cabling_events_insert AFTER INSERT ON cabling
    REFERENCING NEW TABLE AS new_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_insert_events();

CREATE FUNCTION cabling_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    SELECT 'cabling', jsonb_build_object('link', n.switch_name || ' ' || n.port, 'state', n.state)
    FROM new_cabling n
    JOIN old_cabling o ON o.switch_name = n.switch_name AND o.port = n.port
    WHERE o.state IS DISTINCT FROM n.state;
    RETURN NULL;
END $$;
CREATE TRIGGER cabling_events_update AFTER UPDATE ON cabling
    REFERENCING OLD TABLE AS old_cabling NEW TABLE AS new_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_update_events();

CREATE FUNCTION cabling_delete_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    SELECT 'cabling', jsonb_build_object('link', o.switch_name || ' ' || o.port,
                                         'state', 'UNCHECKED')
    FROM old_cabling o;
    RETURN NULL;
END $$;
CREATE TRIGGER cabling_events_delete AFTER DELETE ON cabling
    REFERENCING OLD TABLE AS old_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_delete_events();

-- operation: created, or its state or step changed
CREATE FUNCTION fabric_operations_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    VALUES ('operation', jsonb_build_object('id', NEW.id, 'kind', NEW.kind, 'state', NEW.state,
                                            'step', NEW.step));
    RETURN NULL;
END $$;
CREATE TRIGGER fabric_operations_events_insert AFTER INSERT ON fabric_operations
    FOR EACH ROW EXECUTE FUNCTION fabric_operations_events();
CREATE TRIGGER fabric_operations_events_update AFTER UPDATE OF state, step ON fabric_operations
    FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.step IS DISTINCT FROM NEW.step)
    EXECUTE FUNCTION fabric_operations_events();

-- isolation-audit: requested, or its status changed
CREATE FUNCTION isolation_audits_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, payload)
    VALUES ('isolation-audit', jsonb_build_object('id', NEW.id, 'status', NEW.status));
    RETURN NULL;
END $$;
CREATE TRIGGER isolation_audits_events_insert AFTER INSERT ON isolation_audits
    FOR EACH ROW EXECUTE FUNCTION isolation_audits_events();
CREATE TRIGGER isolation_audits_events_update AFTER UPDATE OF status ON isolation_audits
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION isolation_audits_events();

-- evidence: a tenant's own isolation evidence changed; one event per tenant and statement, however
-- many of its ports an audit rewrote
CREATE FUNCTION evidence_events(tenant_ids bigint[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO events (type, tenant_id, payload)
    SELECT 'evidence', t.id, jsonb_build_object('tenant', t.name)
    FROM tenants t
    WHERE t.id = ANY (tenant_ids)
    ORDER BY t.id
$$;

CREATE FUNCTION isolation_evidence_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM evidence_events(ARRAY(SELECT DISTINCT tenant_id FROM new_evidence));
    RETURN NULL;
END $$;
CREATE TRIGGER isolation_port_evidence_events_insert AFTER INSERT ON isolation_port_evidence
    REFERENCING NEW TABLE AS new_evidence
    FOR EACH STATEMENT EXECUTE FUNCTION isolation_evidence_insert_events();

CREATE FUNCTION isolation_evidence_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM evidence_events(ARRAY(SELECT tenant_id FROM new_evidence
                                  UNION SELECT tenant_id FROM old_evidence));
    RETURN NULL;
END $$;
CREATE TRIGGER isolation_port_evidence_events_update AFTER UPDATE ON isolation_port_evidence
    REFERENCING OLD TABLE AS old_evidence NEW TABLE AS new_evidence
    FOR EACH STATEMENT EXECUTE FUNCTION isolation_evidence_update_events();

CREATE FUNCTION isolation_evidence_delete_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM evidence_events(ARRAY(SELECT DISTINCT tenant_id FROM old_evidence));
    RETURN NULL;
END $$;
CREATE TRIGGER isolation_port_evidence_events_delete AFTER DELETE ON isolation_port_evidence
    REFERENCING OLD TABLE AS old_evidence
    FOR EACH STATEMENT EXECUTE FUNCTION isolation_evidence_delete_events();
