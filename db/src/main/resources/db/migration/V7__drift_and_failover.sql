-- Drift and failover: reconcile runs and what they found, the drift state of each switch, and
-- the generations' monotonicity held by the database itself. Forward-only.

-- A switch found running something other than its intent: since when, and the last drift found
-- (kept after a repair, for the record).
ALTER TABLE switches
    ADD COLUMN drift_since     timestamptz,
    ADD COLUMN last_drift_at   timestamptz,
    ADD COLUMN last_drift      jsonb CHECK (last_drift IS NULL OR jsonb_typeof(last_drift) = 'array'),
    ADD CONSTRAINT switches_drift_all_or_nothing
        CHECK ((last_drift_at IS NULL) = (last_drift IS NULL));

-- applied_generation only ever rises, whoever writes it (two provisioner instances after a
-- failover, a stale process, a bug): a lower value is refused, an equal one is a no-op.
CREATE FUNCTION switches_applied_rises() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.applied_generation < OLD.applied_generation THEN
        RAISE EXCEPTION 'switch %: applied_generation % would go back to %', OLD.name,
            OLD.applied_generation, NEW.applied_generation USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER switches_applied_rises BEFORE UPDATE OF applied_generation ON switches
    FOR EACH ROW EXECUTE FUNCTION switches_applied_rises();

-- A reconcile run, requested by an operator (one switch or the whole fabric) or by the schedule:
-- read every switch in scope between its transactions, compare with its intent, record the
-- drift, and repair it under the policy 'repair' (REPAIRING until every drifted switch applied the
-- generation its repair was given, or failed to).
CREATE TABLE reconcile_runs (
    id           uuid        PRIMARY KEY,
    scope        text        NOT NULL CHECK (scope = 'FABRIC' OR scope ~ '^[a-z][a-z0-9-]{0,62}$'),
    policy       text        NOT NULL CHECK (policy IN ('REPAIR', 'REPORT')),
    trigger      text        NOT NULL CHECK (trigger IN ('API', 'SCHEDULE')),
    state        text        NOT NULL CHECK (state IN ('REQUESTED', 'RUNNING', 'REPAIRING', 'DONE', 'FAILED')),
    requested_at timestamptz NOT NULL,
    started_at   timestamptz,
    finished_at  timestamptz,
    -- per switch: {switch, outcome, items: [{kind, object, tenant, expected, observed}], error,
    -- repairGeneration}
    result       jsonb       CHECK (result IS NULL OR jsonb_typeof(result) = 'array'),
    CHECK ((state IN ('DONE', 'FAILED')) = (finished_at IS NOT NULL))
);
CREATE INDEX reconcile_runs_open ON reconcile_runs (requested_at)
    WHERE state IN ('REQUESTED', 'RUNNING', 'REPAIRING');
CREATE INDEX reconcile_runs_recent ON reconcile_runs (requested_at);
