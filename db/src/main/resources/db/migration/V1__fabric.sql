-- The fabric the controller manages: one fabric per database, its switches (with the device
-- inventory the southbound connects to), their ports, the cabling, GPU servers and GPUs.
-- Forward-only. The rows are a projection of tenant-model's Fabric (the spec in fabric.spec is
-- the source); the constraints defend the invariants that the rest of the schema relies on.

CREATE TABLE fabric (
    id          smallint    PRIMARY KEY DEFAULT 1 CHECK (id = 1),   -- exactly one fabric
    name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    spec        jsonb       NOT NULL CHECK (jsonb_typeof(spec) = 'object'),
    revision    bigint      NOT NULL DEFAULT 1 CHECK (revision >= 1), -- +1 per growth
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (updated_at >= created_at)
);

CREATE TABLE switches (
    name                text    PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,62}$'),
    role                text    NOT NULL CHECK (role IN ('SPINE', 'LEAF', 'SUPER_SPINE')),
    pod                 integer NOT NULL DEFAULT 0 CHECK (pod >= 0),
    drained             boolean NOT NULL DEFAULT false,
    -- device inventory (how the southbound reaches the switch); all or nothing
    host                text    CHECK (length(host) BETWEEN 1 AND 255),
    port                integer CHECK (port BETWEEN 1 AND 65535),
    username            text    CHECK (length(username) BETWEEN 1 AND 128),
    password            text    CHECK (length(password) <= 512),
    host_key_sha256     text    CHECK (host_key_sha256 ~ '^SHA256:[A-Za-z0-9+/]{43}$'),
    -- intent generations: the provisioner pushes while desired > applied
    desired_generation  bigint  NOT NULL DEFAULT 0 CHECK (desired_generation >= 0),
    applied_generation  bigint  NOT NULL DEFAULT 0 CHECK (applied_generation >= 0),
    CHECK (applied_generation <= desired_generation),
    CHECK ((host IS NULL) = (port IS NULL)
       AND (host IS NULL) = (username IS NULL)
       AND (host IS NULL) = (password IS NULL)
       AND (host IS NULL) = (host_key_sha256 IS NULL))
);

CREATE INDEX switches_pending ON switches (name) WHERE desired_generation > applied_generation;

CREATE TABLE ports (
    switch_name text    NOT NULL REFERENCES switches (name) ON DELETE CASCADE,
    name        text    NOT NULL CHECK (name ~ '^(FourHundredGigE1/0/[1-9][0-9]{0,2}|TwoHundredGigE1/0/[1-9][0-9]{0,2}:[12])$'),
    speed_gbps  integer NOT NULL CHECK (speed_gbps IN (200, 400)),
    purpose     text    NOT NULL CHECK (purpose IN ('FABRIC', 'GPU', 'UNUSED')),
    PRIMARY KEY (switch_name, name),
    CHECK ((speed_gbps = 200) = (name LIKE 'TwoHundredGigE%'))
);

CREATE TABLE links (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lower_switch text   NOT NULL,
    lower_port   text   NOT NULL,
    upper_switch text   NOT NULL,
    upper_port   text   NOT NULL,
    CHECK (lower_switch <> upper_switch),
    -- a port carries at most one cable
    UNIQUE (lower_switch, lower_port),
    UNIQUE (upper_switch, upper_port),
    FOREIGN KEY (lower_switch, lower_port) REFERENCES ports (switch_name, name),
    FOREIGN KEY (upper_switch, upper_port) REFERENCES ports (switch_name, name)
);

CREATE TABLE servers (
    name       text    PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,62}$'),
    rail_group integer NOT NULL CHECK (rail_group >= 0)
);

CREATE TABLE gpus (
    id        text    PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{0,62}/[0-9]{1,2}$'),
    server    text    NOT NULL REFERENCES servers (name),
    leaf      text    NOT NULL,
    port      text    NOT NULL,
    rail      integer NOT NULL CHECK (rail >= 0),
    cordoned  boolean NOT NULL DEFAULT false,
    CHECK (split_part(id, '/', 1) = server),
    FOREIGN KEY (leaf, port) REFERENCES ports (switch_name, name),
    -- a leaf port faces exactly one GPU; deferred so that a growth may move GPUs in one statement set
    CONSTRAINT gpus_one_per_port UNIQUE (leaf, port) DEFERRABLE INITIALLY DEFERRED
);

CREATE INDEX gpus_by_leaf ON gpus (leaf);
CREATE INDEX gpus_by_server ON gpus (server);

-- a GPU hangs off a leaf, never a spine
CREATE FUNCTION gpus_on_leaf_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM switches s WHERE s.name = NEW.leaf AND s.role = 'LEAF') THEN
        RAISE EXCEPTION 'GPU % is cabled to % which is not a leaf', NEW.id, NEW.leaf
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER gpus_on_leaf_only BEFORE INSERT OR UPDATE OF leaf ON gpus
    FOR EACH ROW EXECUTE FUNCTION gpus_on_leaf_only();
