package io.tenantfabric.model.topology;

/** A GPU by server and index, written {@code gpu-node-001/0}; index 0..63. */
public record GpuId(String value) implements Comparable<GpuId> {

  public GpuId {
    if (value == null) {
      throw new IllegalArgumentException("GPU id is required");
    }
    int slash = value.lastIndexOf('/');
    if (slash < 1 || slash == value.length() - 1 || value.length() - slash > 3) {
      throw new IllegalArgumentException("GPU id '" + value + "' must be <server>/<index>");
    }
    new ServerName(value.substring(0, slash));
    String index = value.substring(slash + 1);
    if (!index.chars().allMatch(c -> c >= '0' && c <= '9')
        || (index.length() > 1 && index.charAt(0) == '0')
        || Integer.parseInt(index) > 63) {
      throw new IllegalArgumentException("GPU id '" + value + "' has an index outside 0..63");
    }
  }

  /** The GPU with index {@code index} of {@code server}. */
  public static GpuId of(ServerName server, int index) {
    return new GpuId(server.value() + "/" + index);
  }

  /** The server that holds this GPU. */
  public ServerName server() {
    return new ServerName(value.substring(0, value.lastIndexOf('/')));
  }

  /** The GPU's index within its server. */
  public int index() {
    return Integer.parseInt(value.substring(value.lastIndexOf('/') + 1));
  }

  /** Orders by server name, then by numeric index. */
  @Override
  public int compareTo(GpuId other) {
    int slash = value.lastIndexOf('/');
    int otherSlash = other.value.lastIndexOf('/');
    int byServer = value.substring(0, slash).compareTo(other.value.substring(0, otherSlash));
    return byServer != 0 ? byServer : Integer.compare(index(), other.index());
  }

  @Override
  public String toString() {
    return value;
  }
}
