-- The fabric's own life: a switch's identity and day-0 readiness, every cable checked against the
-- plan, long fabric operations (a switch replaced; growth and NIC speed changes later), and an
-- allocation's health kept up to date by the database whenever one of its causes changes.
-- Forward-only.

-- A switch whose day-0 configuration (the installer's) is incomplete is NOT_READY: it stays out of
-- batches as an unreachable one does, and leaves the state by itself once day-0 is there.
ALTER TABLE switches DROP CONSTRAINT switches_state_check;
ALTER TABLE switches
    ADD CONSTRAINT switches_state_check
        CHECK (state IN ('PENDING', 'IN_SYNC', 'DRIFTED', 'UNREACHABLE', 'FAILED', 'NOT_READY')),
    -- the serial number the inventory pins (NULL: not pinned, any serial is accepted)
    ADD COLUMN serial_number   text CHECK (length(serial_number) BETWEEN 1 AND 64),
    -- the last day-0 check: when, and what was missing ([] when ready); NULL before the first
    ADD COLUMN day0_checked_at timestamptz,
    ADD COLUMN day0_gaps       jsonb CHECK (day0_gaps IS NULL OR jsonb_typeof(day0_gaps) = 'array'),
    ADD CONSTRAINT switches_day0_all_or_nothing
        CHECK ((day0_checked_at IS NULL) = (day0_gaps IS NULL));

-- One row per switch port the last cabling check of its switch judged: every planned cable end
-- (kind FABRIC or GPU, with the planned peer) and every port where a neighbour answered although
-- the plan leaves it empty (UNEXPECTED, no kind, no planned peer). A planned end without a row is
-- UNCHECKED. For a GPU port, the far end is a server and its NIC.
CREATE TABLE cabling (
    switch_name    text        NOT NULL REFERENCES switches (name) ON DELETE CASCADE,
    port           text        NOT NULL CHECK (length(port) BETWEEN 1 AND 64),
    kind           text        CHECK (kind IN ('FABRIC', 'GPU')),
    state          text        NOT NULL
                   CHECK (state IN ('OK', 'MISSING', 'WRONG_PEER', 'UNEXPECTED', 'UNVERIFIED')),
    planned_device text        CHECK (length(planned_device) <= 64),
    planned_port   text        CHECK (length(planned_port) <= 64),
    seen_device    text        CHECK (length(seen_device) <= 255),
    seen_port      text        CHECK (length(seen_port) <= 255),
    checked_at     timestamptz NOT NULL,
    changed_at     timestamptz NOT NULL,
    PRIMARY KEY (switch_name, port),
    CHECK ((kind IS NULL) = (state = 'UNEXPECTED')),
    CHECK ((kind IS NULL) = (planned_device IS NULL) AND (kind IS NULL) = (planned_port IS NULL)),
    CHECK ((seen_device IS NULL) = (seen_port IS NULL))
);
CREATE INDEX cabling_by_state ON cabling (state, switch_name, port);

-- A GPU whose cable is neither OK, UNVERIFIED nor unchecked is not placed; placement reads this
-- flag as it reads a cordon, and a change of it is a change of what placement decides on.
ALTER TABLE gpus ADD COLUMN cable_blocked boolean NOT NULL DEFAULT false;
CREATE TRIGGER gpus_intent_cable AFTER UPDATE OF cable_blocked ON gpus
    FOR EACH ROW WHEN (OLD.cable_blocked IS DISTINCT FROM NEW.cable_blocked)
    EXECUTE FUNCTION bump_intent_version();

-- Nothing new is placed on a leaf that is out (unreachable or not ready).
CREATE TRIGGER switches_intent_out AFTER UPDATE OF state ON switches
    FOR EACH ROW
    WHEN ((OLD.state IN ('UNREACHABLE', 'NOT_READY')) IS DISTINCT FROM
          (NEW.state IN ('UNREACHABLE', 'NOT_READY')))
    EXECUTE FUNCTION bump_intent_version();

-- A long change of the fabric, run step by step by the provisioning leader, resumed after a
-- restart or a leader change. PLANNED is for operations stored before they are applied (growth).
-- The request holds no secret: credentials go to the switch's inventory row.
CREATE TABLE fabric_operations (
    id          uuid        PRIMARY KEY,
    kind        text        NOT NULL CHECK (kind IN ('REPLACE', 'GROWTH', 'NIC_SPEED')),
    state       text        NOT NULL
                CHECK (state IN ('PLANNED', 'RUNNING', 'WAITING', 'DONE', 'FAILED', 'CANCELLED')),
    step        text        NOT NULL CHECK (length(step) BETWEEN 1 AND 64),
    waiting_for jsonb       NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(waiting_for) = 'array'),
    error       text        CHECK (length(error) <= 4000),
    request     jsonb       NOT NULL CHECK (jsonb_typeof(request) = 'object'),
    progress    jsonb       NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(progress) = 'object'),
    actor       text        NOT NULL CHECK (length(actor) BETWEEN 1 AND 128),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    finished_at timestamptz,
    CHECK ((state IN ('DONE', 'FAILED', 'CANCELLED')) = (finished_at IS NOT NULL)),
    CHECK ((state = 'FAILED') = (error IS NOT NULL))
);
CREATE INDEX fabric_operations_recent ON fabric_operations (created_at, id);
CREATE INDEX fabric_operations_open ON fabric_operations (created_at)
    WHERE state IN ('PLANNED', 'RUNNING', 'WAITING');

-- The switches an operation holds: at most one open operation per switch, held by the database.
CREATE TABLE fabric_operation_switches (
    operation_id uuid    NOT NULL REFERENCES fabric_operations (id) ON DELETE CASCADE,
    switch_name  text    NOT NULL REFERENCES switches (name) ON DELETE CASCADE,
    held         boolean NOT NULL,
    PRIMARY KEY (operation_id, switch_name)
);
CREATE UNIQUE INDEX fabric_operation_switches_one_held ON fabric_operation_switches (switch_name)
    WHERE held;

-- An allocation's health and why, kept by the database: recomputed for the allocations on a switch
-- whenever the switch's state, a cable of it or an operation holding it changes, and for an
-- allocation when it gets its GPUs. Reasons: [{reason, switch, port?, operation?}], sorted.
ALTER TABLE allocations
    ADD COLUMN health         text  NOT NULL DEFAULT 'OK' CHECK (health IN ('OK', 'DEGRADED')),
    ADD COLUMN health_reasons jsonb NOT NULL DEFAULT '[]'
        CHECK (jsonb_typeof(health_reasons) = 'array'),
    ADD CONSTRAINT allocations_health_has_reasons
        CHECK ((health = 'DEGRADED') = (jsonb_array_length(health_reasons) > 0));

-- The reasons of one allocation, from its leaves, their cables and the operations holding them.
CREATE FUNCTION allocation_health_reasons(allocation uuid) RETURNS jsonb
    LANGUAGE sql STABLE AS $$
    SELECT coalesce(jsonb_agg(r ORDER BY r->>'reason', r->>'switch', r->>'port', r->>'operation'),
                    '[]'::jsonb)
    FROM (
        SELECT DISTINCT jsonb_build_object(
                   'reason', CASE s.state WHEN 'UNREACHABLE' THEN 'SWITCH_UNREACHABLE'
                                          ELSE 'SWITCH_NOT_READY' END,
                   'switch', s.name) AS r
        FROM allocation_gpus m
        JOIN gpus g ON g.id = m.gpu_id
        JOIN switches s ON s.name = g.leaf
        WHERE m.allocation_id = allocation AND s.state IN ('UNREACHABLE', 'NOT_READY')
        UNION
        SELECT jsonb_build_object('reason', 'CABLING', 'switch', c.switch_name, 'port', c.port)
        FROM allocation_gpus m
        JOIN gpus g ON g.id = m.gpu_id
        JOIN cabling c ON c.switch_name = g.leaf AND c.port = g.port
        WHERE m.allocation_id = allocation AND c.state IN ('MISSING', 'WRONG_PEER', 'UNEXPECTED')
        UNION
        SELECT DISTINCT jsonb_build_object(
                   'reason', 'OPERATION_RUNNING', 'switch', h.switch_name,
                   'operation', h.operation_id::text)
        FROM allocation_gpus m
        JOIN gpus g ON g.id = m.gpu_id
        JOIN fabric_operation_switches h ON h.switch_name = g.leaf AND h.held
        WHERE m.allocation_id = allocation
    ) reasons
$$;

-- Recomputes the health of the live allocations with a GPU on one of the switches; writes only
-- the rows whose health changes, so that a change of health is a change of a row.
CREATE FUNCTION recompute_allocation_health(switch_names text[]) RETURNS void
    LANGUAGE sql AS $$
    WITH touched AS (
        SELECT DISTINCT m.allocation_id AS id
        FROM gpus g
        JOIN allocation_gpus m ON m.gpu_id = g.id
        WHERE g.leaf = ANY (switch_names)
          AND m.allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')
    ), computed AS (
        SELECT t.id, allocation_health_reasons(t.id) AS reasons FROM touched t
    )
    UPDATE allocations a
    SET health = CASE WHEN jsonb_array_length(c.reasons) > 0 THEN 'DEGRADED' ELSE 'OK' END,
        health_reasons = c.reasons
    FROM computed c
    WHERE a.id = c.id AND a.health_reasons IS DISTINCT FROM c.reasons
$$;

CREATE FUNCTION switches_health_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM recompute_allocation_health(ARRAY[NEW.name]);
    RETURN NULL;
END $$;
CREATE TRIGGER switches_health AFTER UPDATE OF state ON switches
    FOR EACH ROW
    WHEN ((OLD.state IN ('UNREACHABLE', 'NOT_READY')) IS DISTINCT FROM
          (NEW.state IN ('UNREACHABLE', 'NOT_READY'))
          OR (OLD.state = 'UNREACHABLE') IS DISTINCT FROM (NEW.state = 'UNREACHABLE'))
    EXECUTE FUNCTION switches_health_trigger();

CREATE FUNCTION cabling_health_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM recompute_allocation_health(
        ARRAY(SELECT DISTINCT switch_name FROM changed_cabling));
    RETURN NULL;
END $$;
CREATE TRIGGER cabling_health_insert AFTER INSERT ON cabling
    REFERENCING NEW TABLE AS changed_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_health_trigger();
CREATE TRIGGER cabling_health_update AFTER UPDATE ON cabling
    REFERENCING NEW TABLE AS changed_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_health_trigger();
CREATE TRIGGER cabling_health_delete AFTER DELETE ON cabling
    REFERENCING OLD TABLE AS changed_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_health_trigger();

CREATE FUNCTION operation_switches_health_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM recompute_allocation_health(
        ARRAY(SELECT DISTINCT switch_name FROM changed_holds));
    RETURN NULL;
END $$;
CREATE TRIGGER fabric_operation_switches_health_insert AFTER INSERT ON fabric_operation_switches
    REFERENCING NEW TABLE AS changed_holds
    FOR EACH STATEMENT EXECUTE FUNCTION operation_switches_health_trigger();
CREATE TRIGGER fabric_operation_switches_health_update AFTER UPDATE ON fabric_operation_switches
    REFERENCING NEW TABLE AS changed_holds
    FOR EACH STATEMENT EXECUTE FUNCTION operation_switches_health_trigger();

-- A new allocation starts with the health its leaves give it (one statement per group's inserts).
CREATE FUNCTION allocation_gpus_health_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE allocations a
    SET health = 'DEGRADED', health_reasons = r.reasons
    FROM (SELECT DISTINCT n.allocation_id AS id,
                 allocation_health_reasons(n.allocation_id) AS reasons
          FROM new_memberships n) r
    WHERE a.id = r.id AND jsonb_array_length(r.reasons) > 0;
    RETURN NULL;
END $$;
CREATE TRIGGER allocation_gpus_health AFTER INSERT ON allocation_gpus
    REFERENCING NEW TABLE AS new_memberships
    FOR EACH STATEMENT EXECUTE FUNCTION allocation_gpus_health_trigger();
