package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A cable from a lower switch's port to an upper switch's port. */
@Entity
@Table(name = "links")
public class LinkEntity {

  @Id private Long id;

  @Column(name = "lower_switch", nullable = false)
  private String lowerSwitch;

  @Column(name = "lower_port", nullable = false)
  private String lowerPort;

  @Column(name = "upper_switch", nullable = false)
  private String upperSwitch;

  @Column(name = "upper_port", nullable = false)
  private String upperPort;

  protected LinkEntity() {}

  public String lowerSwitch() {
    return lowerSwitch;
  }

  public String lowerPort() {
    return lowerPort;
  }

  public String upperSwitch() {
    return upperSwitch;
  }

  public String upperPort() {
    return upperPort;
  }
}
