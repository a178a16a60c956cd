package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A GPU server and its rail group. */
@Entity
@Table(name = "servers")
public class ServerEntity {

  @Id private String name;

  @Column(name = "rail_group", nullable = false)
  private int railGroup;

  protected ServerEntity() {}

  public String name() {
    return name;
  }

  public int railGroup() {
    return railGroup;
  }
}
