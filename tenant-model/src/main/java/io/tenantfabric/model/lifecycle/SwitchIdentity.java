package io.tenantfabric.model.lifecycle;

/**
 * Who a switch says it is: its sysname, serial number, model and software, as its own tables report
 * them. Blank values are empty strings, never null.
 */
public record SwitchIdentity(String hostName, String serialNumber, String model, String software) {

  public SwitchIdentity {
    hostName = hostName == null ? "" : hostName.strip();
    serialNumber = serialNumber == null ? "" : serialNumber.strip();
    model = model == null ? "" : model.strip();
    software = software == null ? "" : software.strip();
  }
}
