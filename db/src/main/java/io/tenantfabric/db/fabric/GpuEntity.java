package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A GPU, the leaf port its NIC is cabled to, its rail and whether it is cordoned. */
@Entity
@Table(name = "gpus")
public class GpuEntity {

  @Id private String id;

  @Column(nullable = false)
  private String server;

  @Column(nullable = false)
  private String leaf;

  @Column(nullable = false)
  private String port;

  @Column(nullable = false)
  private int rail;

  @Column(nullable = false)
  private boolean cordoned;

  protected GpuEntity() {}

  public String id() {
    return id;
  }

  public String server() {
    return server;
  }

  public String leaf() {
    return leaf;
  }

  public String port() {
    return port;
  }

  public int rail() {
    return rail;
  }

  public boolean cordoned() {
    return cordoned;
  }

  public void setCordoned(boolean cordoned) {
    this.cordoned = cordoned;
  }
}
