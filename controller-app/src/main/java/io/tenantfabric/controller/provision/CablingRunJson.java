package io.tenantfabric.controller.provision;

import io.tenantfabric.model.lifecycle.CableCheck;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cabling check's result as {@code cabling_checks.result} keeps it: {@code switches} [{name,
 * outcome, error, states: {STATE: n}}], {@code transitions} (how many ports changed), {@code
 * changes} (the first {@value #LISTED} of them: {switch, port, from, to, seen}) and {@code
 * findings} (as {@link CablingFinding}).
 */
public final class CablingRunJson {

  /** At most this many changed ports are kept in a result; {@code transitions} counts them all. */
  public static final int LISTED = 500;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private CablingRunJson() {}

  /** {@code run} as the check's stored result. */
  public static String write(CablingRun run) {
    ObjectNode o = JSON.createObjectNode();
    ArrayNode switches = o.putArray("switches");
    new TreeMap<>(run.switches())
        .forEach(
            (name, s) -> {
              ObjectNode n = switches.addObject();
              n.put("name", name);
              n.put("outcome", s.outcome());
              n.put("error", s.error());
              Map<String, Integer> states = new TreeMap<>();
              for (CableCheck c : s.checks()) {
                states.merge(c.state().name(), 1, Integer::sum);
              }
              ObjectNode counts = n.putObject("states");
              states.forEach(counts::put);
            });
    o.put("transitions", run.transitions().size());
    ArrayNode changes = o.putArray("changes");
    run.transitions().stream()
        .limit(LISTED)
        .forEach(
            t -> {
              ObjectNode n = changes.addObject();
              n.put("switch", t.switchName());
              n.put("port", t.port());
              n.put("from", t.from());
              n.put("to", t.to());
              n.put("seen", t.seen());
            });
    o.set("findings", JSON.valueToTree(run.findings()));
    return JSON.writeValueAsString(o);
  }
}
