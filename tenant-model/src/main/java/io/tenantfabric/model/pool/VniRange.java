package io.tenantfabric.model.pool;

/** An inclusive range of VNIs that a fabric hands out to tenants, default 10000..99999. */
public record VniRange(int first, int last) {

  /** The default range: enough for one tenant per card at 10,240 cards. */
  public static final VniRange DEFAULT = new VniRange(10000, 99999);

  public VniRange {
    if (first < 1 || last > Vni.MAX || first > last) {
      throw new IllegalArgumentException(
          "VNI range " + first + ".." + last + " must satisfy 1 <= first <= last <= " + Vni.MAX);
    }
  }

  /** Number of VNIs in the range. */
  public int size() {
    return last - first + 1;
  }

  /** Whether the VNI lies inside the range. */
  public boolean contains(Vni vni) {
    return vni.value() >= first && vni.value() <= last;
  }

  @Override
  public String toString() {
    return first + "-" + last;
  }
}
