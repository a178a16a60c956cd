-- Isolation audits: every managed switch (or those named) read from its running config and proved
-- isolated by the pure verifier; each run's result, and per tenant port what the switch showed,
-- for the tenant's own evidence. Forward-only.

CREATE TABLE isolation_audits (
    id            uuid        PRIMARY KEY,
    -- API: asked for; BATCH: the switches a provisioning batch touched, coalesced
    trigger       text        NOT NULL CHECK (trigger IN ('API', 'BATCH')),
    -- the switches asked for; NULL: every switch of the fabric
    scope         text[],
    status        text        NOT NULL
        CHECK (status IN ('REQUESTED', 'RUNNING', 'CLEAN', 'FINDINGS', 'INCOMPLETE', 'FAILED')),
    requested_at  timestamptz NOT NULL,
    started_at    timestamptz,
    finished_at   timestamptz,
    -- {switchesRead, readMs, verifyMs, totalMs}
    timings       jsonb,
    -- per finding kind
    counts        jsonb,
    -- [{kind, class, severity, switch, port, tenants, pending, summary, evidence}]
    findings      jsonb       CHECK (findings IS NULL OR jsonb_typeof(findings) = 'array'),
    not_managed   text[],
    unreadable    text[],
    failure       text,
    CHECK ((status IN ('CLEAN', 'FINDINGS', 'INCOMPLETE', 'FAILED')) = (finished_at IS NOT NULL)),
    CHECK ((status = 'FAILED') = (failure IS NOT NULL))
);
CREATE INDEX isolation_audits_open ON isolation_audits (requested_at)
    WHERE status IN ('REQUESTED', 'RUNNING');
CREATE INDEX isolation_audits_recent ON isolation_audits (requested_at);

-- What the latest audit that read a switch observed on each port a tenant owned there (per the
-- intent at the switch's applied generation): one row per port, replaced whenever the switch is
-- audited, so it stays as small as the fabric; a tenant's evidence is its rows. No foreign key to
-- the audit: the evidence outlives the audit's retention.
CREATE TABLE isolation_port_evidence (
    switch_name  text        NOT NULL,
    port         text        NOT NULL,
    tenant_id    bigint      NOT NULL REFERENCES tenants (id),
    audit_id     uuid        NOT NULL,
    observed_at  timestamptz NOT NULL,
    -- {gpu, adminUp, vsi, vni, inboundAcl, lossless}
    observed     jsonb       NOT NULL,
    PRIMARY KEY (switch_name, port)
);
CREATE INDEX isolation_port_evidence_tenant ON isolation_port_evidence (tenant_id);
