-- What a fabric operation's hold lets through, and audits an operation asks for. Forward-only.

-- A switch an operation holds stays out of the provisioner's batches until the operation opens it
-- to them: a replaced switch is changed only once it proved who it is and that its day-0 is there,
-- and then by the ordinary batch that pushes its whole intended configuration.
ALTER TABLE fabric_operation_switches
    ADD COLUMN admits_batches boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT fabric_operation_switches_admits_only_held
        CHECK (held OR NOT admits_batches);

-- OPERATION: an isolation audit a fabric operation asked for (a replaced switch's, before the
-- operation ends).
ALTER TABLE isolation_audits DROP CONSTRAINT isolation_audits_trigger_check;
ALTER TABLE isolation_audits
    ADD CONSTRAINT isolation_audits_trigger_check
        CHECK (trigger IN ('API', 'BATCH', 'OPERATION'));
