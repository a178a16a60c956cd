-- Planner statistics for the topology, refreshed by the service right after it writes one.
--
-- A fabric's topology (switches, servers, GPUs, ports, links: 10,240 GPUs and 51,200 ports on the
-- largest preset) is written in one bulk load when it is defined or grown, and hardly changes
-- after. Until the tables are analyzed, PostgreSQL plans every query on them without statistics:
-- measured on the 10,240-GPU preset, reading one allocation hash-joined a sequential scan of all
-- 10,240 GPU rows (4.3 ms; 0.6 ms with statistics, by index), and every allocation's
-- switch-generation bump scanned the whole switches table. Autovacuum analyzes a table only after
-- its naptime and thresholds, and not at all where it is switched off; PostgreSQL's own advice
-- after a bulk load is to run ANALYZE.
--
-- ANALYZE needs the table's owner (PostgreSQL 15), and the service runs as the runtime role
-- (V5). So the owner provides this one function, SECURITY DEFINER with its search_path pinned to
-- this schema, executable by the runtime role only: it analyzes the five topology tables and
-- nothing else, and takes no argument.
DO $$
BEGIN
    EXECUTE format(
        'CREATE FUNCTION %I.analyze_topology() RETURNS void LANGUAGE plpgsql SECURITY DEFINER'
        ' SET search_path = %I, pg_temp AS $body$'
        ' BEGIN ANALYZE switches, servers, gpus, ports, links; END $body$',
        current_schema(), current_schema());
    EXECUTE format('REVOKE ALL ON FUNCTION %I.analyze_topology() FROM PUBLIC', current_schema());
    EXECUTE format('GRANT EXECUTE ON FUNCTION %I.analyze_topology() TO %I',
                   current_schema(), '${runtime_role}');
END $$;
