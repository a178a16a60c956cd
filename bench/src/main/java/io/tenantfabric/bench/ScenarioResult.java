package io.tenantfabric.bench;

import java.util.List;

/** What one scenario measured, and notes a reader needs to interpret it. */
record ScenarioResult(
    String scenario, String description, List<Figure> figures, List<String> notes) {}
