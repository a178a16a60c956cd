package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * The one fabric row: its name and its spec as JSON (the source the topology rows are derived
 * from).
 */
@Entity
@Table(name = "fabric")
public class FabricEntity {

  /** The primary key of the only fabric row. */
  public static final short SINGLETON_ID = 1;

  @Id private short id = SINGLETON_ID;

  @Column(nullable = false)
  private String name;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(nullable = false, columnDefinition = "jsonb")
  private String spec;

  @Column(nullable = false)
  private long revision;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected FabricEntity() {}

  public FabricEntity(String name, String specJson, Instant now) {
    this.name = name;
    this.spec = specJson;
    this.revision = 1;
    this.createdAt = now;
    this.updatedAt = now;
  }

  /** Replaces the spec after a validated growth and counts the revision up. */
  public void grow(String name, String specJson, Instant now) {
    this.name = name;
    this.spec = specJson;
    this.revision++;
    this.updatedAt = now;
  }

  public String name() {
    return name;
  }

  public String specJson() {
    return spec;
  }

  public long revision() {
    return revision;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant updatedAt() {
    return updatedAt;
  }
}
