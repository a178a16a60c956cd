// What each role may do, from GET /api/v1/me: what a role cannot do is not offered at all.

export function capabilities(me) {
  const role = me.role;
  const op = role === 'OPERATOR';
  const portal = role === 'PORTAL';
  const auditor = role === 'AUDITOR';
  const tenant = role === 'TENANT';
  return {
    role,
    tenant: me.tenant,
    map: op || auditor,
    operateSwitches: op,
    tenants: op || portal,
    manageTenants: op || portal,
    readTenant: op || portal || tenant,
    allocate: op || portal,
    release: op || portal || tenant,
    allocations: op || portal || auditor,
    readTenantAllocations: op || portal || tenant,
    operations: op || auditor,
    audits: op || auditor,
    runIsolationAudit: op || auditor,
    checkCabling: op,
    evidence: true,
    checkReceipt: op || auditor || tenant,
  };
}

/** The views a role reaches, in menu order: [route, label]. */
export function views(can) {
  if (can.role === 'TENANT') return [[`tenants/${can.tenant}`, `Tenant ${can.tenant}`]];
  const out = [];
  if (can.map) out.push(['map', 'Fabric map']);
  if (can.tenants) out.push(['tenants', 'Tenants']);
  if (can.allocations) out.push(['allocations', 'Allocations']);
  if (can.operations) out.push(['operations', 'Operations']);
  if (can.audits) out.push(['audits', 'Audits']);
  return out;
}
