package io.tenantfabric.db.operation;

import io.tenantfabric.db.fabric.DeviceInventory;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The inventory of switches a growth adds, kept with the growth until it onboards them (V20's
 * {@code operation_devices}); callers own the transaction.
 */
@Repository
public class OperationDevices {

  /** An inventory entry and the serial number it may pin. */
  public record Entry(DeviceInventory device, String serialNumber) {}

  private final JdbcTemplate jdbc;

  OperationDevices(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Stores or replaces the entry of {@code switchName} for growth {@code id}. */
  public void put(UUID id, String switchName, DeviceInventory d, String serialNumber) {
    jdbc.update(
        "INSERT INTO operation_devices (operation_id, switch_name, host, port, username, password,"
            + " host_key_sha256, serial_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (operation_id, switch_name) DO UPDATE SET host = EXCLUDED.host,"
            + " port = EXCLUDED.port, username = EXCLUDED.username, password = EXCLUDED.password,"
            + " host_key_sha256 = EXCLUDED.host_key_sha256, serial_number = EXCLUDED.serial_number",
        id,
        switchName,
        d.host(),
        d.port(),
        d.username(),
        d.password(),
        d.hostKeySha256(),
        serialNumber);
  }

  /** The entry growth {@code id} holds for {@code switchName}, if any. */
  public Optional<Entry> find(UUID id, String switchName) {
    return jdbc
        .query(
            "SELECT host, port, username, password, host_key_sha256, serial_number"
                + " FROM operation_devices WHERE operation_id = ? AND switch_name = ?",
            (rs, n) ->
                new Entry(
                    new DeviceInventory(
                        rs.getString(1),
                        rs.getInt(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5)),
                    rs.getString(6)),
            id,
            switchName)
        .stream()
        .findFirst();
  }
}
