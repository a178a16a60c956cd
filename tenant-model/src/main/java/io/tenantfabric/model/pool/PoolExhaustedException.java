package io.tenantfabric.model.pool;

/** No value is left in a pool: names the pool, its size and how many values are held back. */
public class PoolExhaustedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String pool;
  private final long size;
  private final long live;
  private final long quarantined;

  public PoolExhaustedException(String pool, long size, long live, long quarantined) {
    super(
        "pool "
            + pool
            + " is exhausted: size "
            + size
            + ", "
            + live
            + " live, "
            + quarantined
            + " quarantined");
    this.pool = pool;
    this.size = size;
    this.live = live;
    this.quarantined = quarantined;
  }

  public String pool() {
    return pool;
  }

  public long size() {
    return size;
  }

  public long live() {
    return live;
  }

  public long quarantined() {
    return quarantined;
  }
}
