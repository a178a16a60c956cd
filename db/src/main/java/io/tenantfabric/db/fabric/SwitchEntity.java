package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Optional;

/** A switch of the fabric with its drain flag, device inventory and intent generations. */
@Entity
@Table(name = "switches")
public class SwitchEntity {

  @Id private String name;

  @Column(nullable = false)
  private String role;

  @Column(nullable = false)
  private int pod;

  @Column(nullable = false)
  private boolean drained;

  private String host;
  private Integer port;
  private String username;
  private String password;

  @Column(name = "host_key_sha256")
  private String hostKeySha256;

  /** The serial number the inventory pins; null: any serial is accepted. */
  @Column(name = "serial_number")
  private String serialNumber;

  // generations move only through SQL (bumped by intent changes, raised by the provisioner
  // WHERE applied_generation < :g): an entity written back for another column must never lower them
  @Column(name = "desired_generation", nullable = false, insertable = false, updatable = false)
  private long desiredGeneration;

  @Column(name = "applied_generation", nullable = false, insertable = false, updatable = false)
  private long appliedGeneration;

  protected SwitchEntity() {}

  public SwitchEntity(String name, String role, int pod) {
    this.name = name;
    this.role = role;
    this.pod = pod;
  }

  public String name() {
    return name;
  }

  public String role() {
    return role;
  }

  public int pod() {
    return pod;
  }

  public boolean drained() {
    return drained;
  }

  public void setDrained(boolean drained) {
    this.drained = drained;
  }

  /** The device inventory, present once an operator has told where the switch is. */
  public Optional<DeviceInventory> device() {
    if (host == null) {
      return Optional.empty();
    }
    return Optional.of(new DeviceInventory(host, port, username, password, hostKeySha256));
  }

  public void setDevice(DeviceInventory device) {
    this.host = device.host();
    this.port = device.port();
    this.username = device.username();
    this.password = device.password();
    this.hostKeySha256 = device.hostKeySha256();
  }

  /** The serial number the inventory pins, if it pins one. */
  public Optional<String> serialNumber() {
    return Optional.ofNullable(serialNumber);
  }

  public void setSerialNumber(String serialNumber) {
    this.serialNumber = serialNumber;
  }

  public long desiredGeneration() {
    return desiredGeneration;
  }

  public long appliedGeneration() {
    return appliedGeneration;
  }
}
