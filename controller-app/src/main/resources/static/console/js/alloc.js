// Allocation rows, shared by a tenant's page and the allocations list: each row carries
// data-allocation and data-status, and is updated in place by `allocation` events.

import {h, fill, badge, shortId, tenantChip, when} from './dom.js';

// an allocation only moves forward: PROVISIONING -> ACTIVE | FAILED, ACTIVE -> RELEASING -> RELEASED;
// an answer read before an event must not take a row back
const RANK = {PROVISIONING: 0, ACTIVE: 1, RELEASING: 2, FAILED: 3, RELEASED: 3};

export const COLUMNS = ['Allocation', 'Tenant', 'GPUs', 'Status', 'Health', 'Leaves', 'Created', ''];

/** A table body of allocations whose rows can be updated by id. */
export function allocationTable({caption, showTenant, release}) {
  const tbody = h('tbody');
  const cols = COLUMNS.filter((c) => showTenant || c !== 'Tenant');
  const table = h('table', {class: 'grid allocations'},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, cols.map((c) => h('th', {scope: 'col'}, c || h('span', {class: 'sr-only'}, 'Actions'))))),
    tbody);
  const rows = new Map(); // id -> {tr, a}

  function cells(a, tr) {
    const reasons = (a.healthReasons || []).map((r) =>
      [r.reason, r.switch, r.port, r.operation ? `operation ${r.operation.slice(0, 8)}` : null].filter(Boolean).join(' '));
    const leaves = [...new Set((a.gpus || []).map((g) => g.leaf))].sort();
    const actions = h('td', {});
    if (release && ['PROVISIONING', 'ACTIVE'].includes(a.status)) {
      const b = h('button', {type: 'button', class: 'secondary', 'aria-label': `Release allocation ${a.id}`}, 'Release');
      b.addEventListener('click', () => release(a, b));
      actions.append(b);
    }
    fill(tr,
      h('td', {}, shortId(a.id)),
      showTenant ? h('td', {}, tenantLink(a.tenant)) : null,
      h('td', {}, String(a.gpuCount ?? (a.gpus || []).length)),
      h('td', {class: 'status'}, badge(a.status), a.failureReason ? h('div', {class: 'reason'}, a.failureReason) : null),
      h('td', {class: 'health'}, badge(a.health || 'OK'), reasons.length ? h('ul', {class: 'reasons'}, reasons.map((r) => h('li', {}, r))) : null),
      h('td', {}, leaves.join(', ') || '–'),
      h('td', {}, when(a.createdAt)),
      actions);
    tr.setAttribute('data-status', a.status);
    tr.setAttribute('data-health', a.health || 'OK');
  }

  return {
    table,
    /** Shows exactly these allocations, in this order. */
    set(list) {
      rows.clear();
      fill(tbody, list.map((a) => {
        const tr = h('tr', {'data-allocation': a.id});
        cells(a, tr);
        rows.set(a.id, {tr, a});
        return tr;
      }));
      if (!list.length) tbody.append(h('tr', {}, h('td', {colspan: String(cols.length), class: 'muted'}, 'None.')));
    },
    /** Adds rows after the ones shown (the next page). */
    append(list) {
      for (const a of list) {
        if (rows.has(a.id)) continue;
        const tr = h('tr', {'data-allocation': a.id});
        cells(a, tr);
        rows.set(a.id, {tr, a});
        tbody.append(tr);
      }
    },
    /** Puts a new allocation first (or updates it). */
    add(a) {
      if (rows.has(a.id)) return this.update(a);
      const empty = tbody.querySelector('td[colspan]');
      if (empty) empty.parentElement.remove();
      const tr = h('tr', {'data-allocation': a.id});
      cells(a, tr);
      rows.set(a.id, {tr, a});
      tbody.prepend(tr);
      return true;
    },
    /** Merges what is known now into the row; false when the row is not shown. */
    update(change) {
      const row = rows.get(change.id);
      if (!row) return false;
      if (change.status && RANK[change.status] < RANK[row.a.status]) return true;
      row.a = {...row.a, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined))};
      cells(row.a, row.tr);
      return true;
    },
    has: (id) => rows.has(id),
    /** The allocations shown, as last known. */
    list: () => [...rows.values()].map((r) => r.a),
  };
}

export function tenantLink(name) {
  const a = h('a', {href: `#/tenants/${encodeURIComponent(name)}`}, tenantChip(name));
  return a;
}
