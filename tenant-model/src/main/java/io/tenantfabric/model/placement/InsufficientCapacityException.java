package io.tenantfabric.model.placement;

/** Fewer GPUs are free than requested; the message states both numbers. */
public class InsufficientCapacityException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int requested;
  private final int free;

  public InsufficientCapacityException(int requested, int free) {
    super(
        "requested "
            + requested
            + " GPUs but only "
            + free
            + " are free (busy, cordoned and drained-leaf GPUs excluded)");
    this.requested = requested;
    this.free = free;
  }

  public int requested() {
    return requested;
  }

  public int free() {
    return free;
  }
}
