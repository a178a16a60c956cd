package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A port of a switch, its speed and what it faces (FABRIC, GPU or UNUSED). */
@Entity
@Table(name = "ports")
public class PortEntity {

  @EmbeddedId private PortKey id;

  @Column(name = "speed_gbps", nullable = false)
  private int speedGbps;

  @Column(nullable = false)
  private String purpose;

  protected PortEntity() {}

  public PortKey id() {
    return id;
  }

  public int speedGbps() {
    return speedGbps;
  }

  public String purpose() {
    return purpose;
  }
}
