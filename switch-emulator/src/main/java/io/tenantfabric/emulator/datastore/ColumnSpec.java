package io.tenantfabric.emulator.datastore;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One column of a Comware table; {@code group} names the enclosing group element (e.g. {@code
 * SrcIPv4}) or is null; state columns are derived and only appear in {@code get}.
 */
public record ColumnSpec(
    String name,
    String group,
    ColumnKind kind,
    long min,
    long max,
    Set<String> enumValues,
    String defaultValue,
    boolean required,
    boolean readOnly,
    Function<Row, String> derive) {

  private static final Pattern IPV4 =
      Pattern.compile(
          "^(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}$");
  private static final Pattern ACL_NAME = Pattern.compile("^[A-Za-z][A-Za-z0-9_.:-]{0,62}$");

  /** The key under which a row stores this column ({@code group/name} for grouped columns). */
  public String key() {
    return group == null ? name : group + "/" + name;
  }

  public boolean isState() {
    return derive != null;
  }

  static ColumnSpec integer(String name, long min, long max) {
    return new ColumnSpec(name, null, ColumnKind.INT, min, max, Set.of(), null, false, false, null);
  }

  static ColumnSpec string(String name, int min, int max) {
    return new ColumnSpec(
        name, null, ColumnKind.STRING, min, max, Set.of(), null, false, false, null);
  }

  static ColumnSpec bool(String name) {
    return new ColumnSpec(name, null, ColumnKind.BOOL, 0, 0, Set.of(), null, false, false, null);
  }

  static ColumnSpec enumeration(String name, String... values) {
    return new ColumnSpec(
        name, null, ColumnKind.ENUM, 0, 0, Set.of(values), null, false, false, null);
  }

  static ColumnSpec of(String name, ColumnKind kind) {
    return new ColumnSpec(name, null, kind, 0, 0, Set.of(), null, false, false, null);
  }

  static ColumnSpec state(String name, Function<Row, String> derive) {
    return new ColumnSpec(name, null, ColumnKind.STRING, 0, 0, Set.of(), null, false, true, derive);
  }

  /**
   * A state column whose value the device supplies: stored under its own key in the rows of the
   * state view a {@code get} reads, never in a configuration datastore.
   */
  static ColumnSpec supplied(String name) {
    return state(name, r -> r.get(name));
  }

  ColumnSpec in(String groupName) {
    return new ColumnSpec(
        name, groupName, kind, min, max, enumValues, defaultValue, required, readOnly, derive);
  }

  ColumnSpec withDefault(String value) {
    return new ColumnSpec(
        name, group, kind, min, max, enumValues, value, required, readOnly, derive);
  }

  ColumnSpec mandatory() {
    return new ColumnSpec(
        name, group, kind, min, max, enumValues, defaultValue, true, readOnly, derive);
  }

  ColumnSpec readOnlyColumn() {
    return new ColumnSpec(
        name, group, kind, min, max, enumValues, defaultValue, required, true, derive);
  }

  /**
   * The normalised value, or throws a {@link NetconfError} {@code invalid-value} naming the column.
   */
  public String normalise(String raw, String path) throws RpcException {
    String v = raw.trim();
    switch (kind) {
      case INT -> {
        long n;
        try {
          n = Long.parseLong(v);
        } catch (NumberFormatException e) {
          throw invalid(v, path, "not an integer");
        }
        if (n < min || n > max) {
          throw invalid(v, path, "out of range " + min + ".." + max);
        }
        return Long.toString(n);
      }
      case STRING -> {
        if (v.length() < min || v.length() > max) {
          throw invalid(v, path, "length must be " + min + ".." + max);
        }
        return v;
      }
      case BOOL -> {
        if (v.equals("true") || v.equals("1")) {
          return "true";
        }
        if (v.equals("false") || v.equals("0")) {
          return "false";
        }
        throw invalid(v, path, "not a boolean");
      }
      case ENUM -> {
        if (!enumValues.contains(v)) {
          throw invalid(v, path, "not one of " + new TreeSet<>(enumValues));
        }
        return v;
      }
      case IPV4 -> {
        if (!IPV4.matcher(v).matches()) {
          throw invalid(v, path, "not an IPv4 address");
        }
        return v;
      }
      case ACL_NAME -> {
        if (!ACL_NAME.matcher(v).matches() || v.equalsIgnoreCase("all")) {
          throw invalid(v, path, "an ACL name is 1-63 characters, starts with a letter, not 'all'");
        }
        return v;
      }
      case VSI_NAME -> {
        if (v.isEmpty() || v.length() > 31 || v.contains(" ") || v.contains("?")) {
          throw invalid(v, path, "a VSI name is 1-31 characters without spaces");
        }
        return v;
      }
      default -> throw new IllegalStateException(kind.name());
    }
  }

  private RpcException invalid(String value, String path, String why) {
    return new RpcException(
        NetconfError.application(
                "invalid-value",
                "The value '" + value + "' of element '" + name + "' is invalid: " + why + ".")
            .withPath(path)
            .withInfo("bad-element", name));
  }
}
