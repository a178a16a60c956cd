package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;

/** What one scenario measured, and notes a reader needs to interpret it. */
record ScenarioResult(
    String scenario, String description, List<Figure> figures, List<String> notes) {

  ScenarioResult withNote(String note) {
    List<String> more = new ArrayList<>(notes);
    more.add(note);
    return new ScenarioResult(scenario, description, figures, List.copyOf(more));
  }
}
