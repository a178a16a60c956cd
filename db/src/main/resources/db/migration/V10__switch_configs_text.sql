-- The last verified config of a switch is written whole and read whole, never queried inside:
-- stored as text, PostgreSQL no longer parses it into jsonb on every batch outcome (a 320-leaf
-- batch wrote 320 configs of about 17 KB) nor renders it back on every batch's load. The
-- provisioner writes it with DeviceConfigJson and reads it back through the same class, which
-- refuses anything that is not a DeviceConfig.
ALTER TABLE switch_configs DROP CONSTRAINT switch_configs_config_check;
ALTER TABLE switch_configs ALTER COLUMN config TYPE text USING config::text;
ALTER TABLE switch_configs ADD CONSTRAINT switch_configs_config_object
    CHECK (left(config, 1) = '{' AND right(config, 1) = '}');
