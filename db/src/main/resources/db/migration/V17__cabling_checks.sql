-- Cabling check runs: one row per check of a set of switches, requested through the API or by the
-- reconciler's schedule and run by the provisioning leader between its batches (as reconcile runs
-- are), so that a request can answer at once and a client wait for the result with ?wait=.
-- Forward-only.
CREATE TABLE cabling_checks (
    id           uuid        PRIMARY KEY,
    -- the switches asked for, by name; NULL: every managed switch
    switches     text[]      CHECK (switches IS NULL OR cardinality(switches) BETWEEN 1 AND 4096),
    trigger      text        NOT NULL CHECK (trigger IN ('API', 'SCHEDULE')),
    state        text        NOT NULL CHECK (state IN ('REQUESTED', 'RUNNING', 'DONE', 'FAILED')),
    requested_at timestamptz NOT NULL,
    started_at   timestamptz,
    finished_at  timestamptz,
    -- {switches: [{name, outcome, error?}], transitions: n, listed: [{switch, port, from, to, ...}],
    --  findings: [...]}
    result       jsonb       CHECK (result IS NULL OR jsonb_typeof(result) = 'object'),
    CHECK ((state IN ('DONE', 'FAILED')) = (finished_at IS NOT NULL))
);
CREATE INDEX cabling_checks_open ON cabling_checks (requested_at)
    WHERE state IN ('REQUESTED', 'RUNNING');
CREATE INDEX cabling_checks_recent ON cabling_checks (requested_at);
