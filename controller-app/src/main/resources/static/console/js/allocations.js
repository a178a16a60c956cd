// Every tenant's allocations, newest first (GET /api/v1/allocations), kept live by events.

import {get} from './api.js';
import {h, fill, debounce} from './dom.js';
import {allocationTable} from './alloc.js';
import * as events from './events.js';

const STATUSES = ['ACTIVE', 'PROVISIONING', 'RELEASING', 'FAILED', 'RELEASED', ''];

export function render(main) {
  const select = h('select', {id: 'alloc-status'}, STATUSES.map((st) => h('option', {value: st}, st || 'any')));
  const status = h('p', {role: 'status', class: 'muted'});
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, 'Load more');
  const table = allocationTable({caption: 'Allocations, newest first', showTenant: true, release: null});
  let next = null;
  let count = 0;
  fill(main,
    h('h1', {}, 'Allocations'),
    h('div', {class: 'inline-form'}, h('label', {for: 'alloc-status'}, 'Status'), select),
    status,
    h('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Allocations'}, table.table),
    more);

  async function load(after) {
    try {
      const q = new URLSearchParams({limit: '100'});
      if (select.value) q.set('status', select.value);
      if (after) q.set('after', after);
      const r = await get(`/api/v1/allocations?${q}`);
      if (after) table.append(r.items); else table.set(r.items);
      count = (after ? count : 0) + r.items.length;
      next = r.nextAfter;
      more.hidden = !next;
      status.textContent = `${count} ${select.value || ''} allocation${count === 1 ? '' : 's'} shown${next ? ', more to load' : ''}.`;
      status.className = 'muted';
    } catch (e) {
      status.textContent = e.message;
      status.className = 'error';
    }
  }
  select.addEventListener('change', () => load(null));
  more.addEventListener('click', () => load(next));
  const reread = debounce(() => load(null), 500);
  const off = [
    events.on('allocation', (e) => {
      // a row shown is updated in place; one that enters this status shows on the next read
      if (!table.update(e) && (!select.value || e.status === select.value)) reread();
    }),
    events.on('reset', () => load(null)),
  ];
  load(null);
  return () => off.forEach((u) => u());
}
