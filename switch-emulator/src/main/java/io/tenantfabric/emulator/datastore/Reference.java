package io.tenantfabric.emulator.datastore;

import java.util.Map;

/**
 * A row of {@code from} must name an existing row of {@code to}: {@code mapping} gives, for each
 * index column of the target, the source column (or {@code =constant}); the rule applies only when
 * {@code whenColumn} is null or equals {@code whenValue}; {@code what} names the target for
 * messages ("VSI", "service instance").
 */
public record Reference(
    String from,
    String to,
    Map<String, String> mapping,
    String whenColumn,
    String whenValue,
    String what) {

  /** True when the rule applies to {@code row} and all source columns are present. */
  boolean appliesTo(Row row) {
    if (whenColumn != null && !whenValue.equals(row.get(whenColumn))) {
      return false;
    }
    for (String src : mapping.values()) {
      if (!src.startsWith("=") && row.get(src) == null) {
        return false;
      }
    }
    return true;
  }

  /** The value the target's {@code targetColumn} must have for {@code row}. */
  String valueFor(String targetColumn, Row row) {
    String src = mapping.get(targetColumn);
    return src.startsWith("=") ? src.substring(1) : row.get(src);
  }
}
