-- A fabric grown step by step, and servers moved between 200G and 400G, as fabric operations.
-- Forward-only.

-- Cancel asks an applying operation to stop before its next step; it ends CANCELLED there.
ALTER TABLE fabric_operations ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false;

-- One growth at a time, planned or applying.
CREATE UNIQUE INDEX fabric_operations_one_growth ON fabric_operations (kind)
    WHERE kind = 'GROWTH' AND state IN ('PLANNED', 'RUNNING', 'WAITING');

-- A GPU an operation keeps out of placement: one a growth added and has not joined yet, or one of
-- a server whose ports a NIC-speed change re-splits. Placement reads it as it reads a cordon (the
-- operator's own cordon stays the operator's). It outlives the operation that set it when that
-- operation did not finish its work: the GPU stays out until an operation brings it in.
ALTER TABLE gpus ADD COLUMN held_by uuid REFERENCES fabric_operations (id) ON DELETE SET NULL;
CREATE INDEX gpus_held ON gpus (held_by) WHERE held_by IS NOT NULL;
CREATE TRIGGER gpus_intent_held AFTER UPDATE OF held_by ON gpus
    FOR EACH ROW WHEN ((OLD.held_by IS NULL) IS DISTINCT FROM (NEW.held_by IS NULL))
    EXECUTE FUNCTION bump_intent_version();

-- The inventory of switches a growth adds, given with its plan or later, before the switches are
-- in the fabric: copied onto the switch's row when the growth onboards it (bounds as switches').
CREATE TABLE operation_devices (
    operation_id    uuid    NOT NULL REFERENCES fabric_operations (id) ON DELETE CASCADE,
    switch_name     text    NOT NULL CHECK (length(switch_name) BETWEEN 1 AND 31),
    host            text    NOT NULL CHECK (length(host) BETWEEN 1 AND 255),
    port            integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
    username        text    NOT NULL CHECK (length(username) BETWEEN 1 AND 128),
    password        text    NOT NULL CHECK (length(password) <= 512),
    host_key_sha256 text    NOT NULL CHECK (host_key_sha256 ~ '^SHA256:[A-Za-z0-9+/]{43}$'),
    serial_number   text    CHECK (length(serial_number) BETWEEN 1 AND 64),
    PRIMARY KEY (operation_id, switch_name)
);
