package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.FabricSize;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The bounds of a fabric spec, which the core checks as a whole (FabricSpecRules: every violation
 * comes back in a 422's {@code violations}): no count exceeds the ports of the largest fabric the
 * service supports, a VNI is 1..2^24-1, a RoCE priority 0..7. The spec is a core type, so the
 * document gets its bounds here rather than from annotations.
 */
final class FabricSpecBounds {

  private FabricSpecBounds() {}

  @SuppressWarnings({"rawtypes", "unchecked"}) // swagger's model API is raw
  static void add(OpenAPI api) {
    Map<String, Schema> schemas = api.getComponents().getSchemas();
    BigDecimal most = BigDecimal.valueOf(FabricSize.LIMIT.ports());
    Schema spec = schemas.get("FabricSpec");
    if (spec != null && spec.getProperties() != null) {
      ((Map<String, Schema>) spec.getProperties())
          .forEach(
              (name, p) -> {
                switch (name) {
                  case "vniFirst", "vniLast" ->
                      range(p, BigDecimal.ONE, BigDecimal.valueOf(Vni.MAX));
                  case "rocePriority" -> range(p, BigDecimal.ZERO, BigDecimal.valueOf(7));
                  case "oversubscription" -> range(p, BigDecimal.ONE, most);
                  case "name" -> p.setMaxLength(64);
                  case "tenantSupernet" -> p.setMaxLength(18);
                  case "breakoutDownlinks" -> p.setMaxItems(FabricSize.MAX_PORTS_PER_SWITCH);
                  default -> {
                    if ("integer".equals(p.getType())) {
                      range(p, BigDecimal.ZERO, most);
                    }
                  }
                }
              });
    }
    Schema breakout = schemas.get("BreakoutPort");
    if (breakout != null && breakout.getProperties() != null) {
      Map<String, Schema> p = breakout.getProperties();
      p.get("leaf").setMaxLength(31);
      range(p.get("port"), BigDecimal.ONE, BigDecimal.valueOf(FabricSize.MAX_PORTS_PER_SWITCH));
    }
  }

  @SuppressWarnings("rawtypes")
  private static void range(Schema p, BigDecimal min, BigDecimal max) {
    p.setMinimum(min);
    p.setMaximum(max);
  }
}
