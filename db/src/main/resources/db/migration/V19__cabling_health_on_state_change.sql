-- An allocation's health is recomputed when a cable's state changes, not whenever its row is
-- written. Forward-only.
--
-- Why: every cabling check rewrites the rows of the switches it read (checked_at moves each time),
-- so the statement trigger of V16 recomputed the health of every live allocation on those
-- switches at every scheduled check, although nothing the health depends on had changed. Only the
-- state decides a reason (the keys of a row never change), so the update trigger now passes on the
-- switches with a port whose state changed, and none when no state did.
DROP TRIGGER cabling_health_update ON cabling;

CREATE FUNCTION cabling_state_health_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed text[] := ARRAY(
        SELECT DISTINCT n.switch_name
        FROM new_cabling n
        JOIN old_cabling o ON o.switch_name = n.switch_name AND o.port = n.port
        WHERE o.state IS DISTINCT FROM n.state);
BEGIN
    IF cardinality(changed) > 0 THEN
        PERFORM recompute_allocation_health(changed);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER cabling_health_update AFTER UPDATE ON cabling
    REFERENCING OLD TABLE AS old_cabling NEW TABLE AS new_cabling
    FOR EACH STATEMENT EXECUTE FUNCTION cabling_state_health_trigger();
