-- Provisioning: what each switch has verifiably applied, which generation each allocation waits
-- for on each switch, and the two-phase batches in flight (so that a restart can finish or
-- cancel them). Forward-only.

-- Per switch: the provisioner's view of the device. desired/applied generations live on switches
-- since V1; applied only ever rises (the provisioner writes WHERE applied_generation < :g).
ALTER TABLE switches
    ADD COLUMN state             text        NOT NULL DEFAULT 'PENDING'
        CHECK (state IN ('PENDING', 'IN_SYNC', 'DRIFTED', 'UNREACHABLE', 'FAILED')),
    ADD COLUMN last_error_at     timestamptz,
    ADD COLUMN last_error_phase  text        CHECK (length(last_error_phase) <= 32),
    ADD COLUMN last_error        text        CHECK (length(last_error) <= 4000),
    ADD COLUMN last_verified_at  timestamptz,
    ADD COLUMN last_confirmed_at timestamptz,
    -- set by the first confirm after a save, cleared only by a save started after the last confirm
    ADD COLUMN unsaved_since     timestamptz,
    ADD CONSTRAINT switches_error_all_or_nothing
        CHECK ((last_error_at IS NULL) = (last_error IS NULL)
           AND (last_error_at IS NULL) = (last_error_phase IS NULL));

-- The last configuration read back from the switch after a verified change (vendor-neutral
-- DeviceConfig as JSON): the provisioner diffs the next target against it instead of reading the
-- switch first. Marked invalid after any doubt (a crash, a failed rollback, a verify mismatch)
-- and then re-read from the switch before the next change.
CREATE TABLE switch_configs (
    switch_name text        PRIMARY KEY REFERENCES switches (name) ON DELETE CASCADE,
    generation  bigint      NOT NULL CHECK (generation >= 0),
    config      jsonb       NOT NULL CHECK (jsonb_typeof(config) = 'object'),
    valid       boolean     NOT NULL,
    verified_at timestamptz NOT NULL
);

-- Per allocation and switch: the switch's desired generation written by the intent change that
-- created (or released) the allocation. The allocation is ACTIVE (or RELEASED) exactly when every
-- switch it touches has applied at least that generation.
CREATE TABLE allocation_switch_generations (
    allocation_id uuid   NOT NULL REFERENCES allocations (id) ON DELETE CASCADE,
    switch_name   text   NOT NULL REFERENCES switches (name),
    generation    bigint NOT NULL CHECK (generation >= 1),
    PRIMARY KEY (allocation_id, switch_name)
);
CREATE INDEX allocation_switch_generations_by_switch
    ON allocation_switch_generations (switch_name, generation);

-- Allocations made before this migration wait for their leaves' current desired generation.
INSERT INTO allocation_switch_generations (allocation_id, switch_name, generation)
SELECT DISTINCT a.id, g.leaf, s.desired_generation
FROM allocations a
JOIN allocation_gpus m ON m.allocation_id = a.id
JOIN gpus g ON g.id = m.gpu_id
JOIN switches s ON s.name = g.leaf
WHERE a.status IN ('PROVISIONING', 'RELEASING') AND s.desired_generation >= 1;

-- A network-wide two-phase transaction: every switch of the batch is prepared (locked, changed,
-- verified, with the switch's own auto-rollback armed), then confirmed. The row is written before
-- anything is prepared, with the switches, their target generations and, for RFC 6241 switches,
-- the base of the persist-ids their confirmed commits will use, so that a restart can cancel what
-- is still pending; it is CONFIRMING from the first confirm on.
CREATE TABLE provisioning_batches (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    state       text        NOT NULL
                CHECK (state IN ('PREPARING', 'CONFIRMING', 'DONE', 'ABORTED', 'RECOVERED')),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    CHECK ((state IN ('PREPARING', 'CONFIRMING')) = (finished_at IS NULL))
);
CREATE INDEX provisioning_batches_open ON provisioning_batches (id)
    WHERE state IN ('PREPARING', 'CONFIRMING');

CREATE TABLE provisioning_batch_switches (
    batch_id    bigint NOT NULL REFERENCES provisioning_batches (id) ON DELETE CASCADE,
    switch_name text   NOT NULL REFERENCES switches (name),
    generation  bigint NOT NULL CHECK (generation >= 0),
    persist_id  text   CHECK (length(persist_id) <= 64), -- the base: <base>-1, <base>-2
    confirmed   boolean NOT NULL DEFAULT false,
    PRIMARY KEY (batch_id, switch_name)
);

-- RELEASED allocations never come back; a FAILED one neither. Their memberships stay for the
-- record (the partial unique index ignores them).
CREATE FUNCTION allocations_final_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.status IN ('RELEASED', 'FAILED') AND NEW.status <> OLD.status THEN
        RAISE EXCEPTION 'allocation % is % and stays so', OLD.id, OLD.status
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER allocations_final_states BEFORE UPDATE OF status ON allocations
    FOR EACH ROW EXECUTE FUNCTION allocations_final_states();
