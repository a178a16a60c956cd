// Fabric operations (GROWTH, REPLACE, NIC_SPEED): state, step and what each waits for.

import {get, seg} from './api.js';
import {h, fill, badge, when, shortId, debounce} from './dom.js';
import * as events from './events.js';

const STATES = ['', 'PLANNED', 'RUNNING', 'WAITING', 'DONE', 'FAILED', 'CANCELLED'];
const KINDS = ['', 'GROWTH', 'REPLACE', 'NIC_SPEED'];

export function render(main) {
  const stateSel = h('select', {id: 'op-state'}, STATES.map((x) => h('option', {value: x}, x || 'any')));
  const kindSel = h('select', {id: 'op-kind'}, KINDS.map((x) => h('option', {value: x}, x || 'any')));
  const list = h('div', {class: 'operations'});
  const status = h('p', {role: 'status', class: 'muted'});
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, 'Load more');
  const shown = new Map(); // id -> element
  let nextAfter = null;
  fill(main,
    h('h1', {}, 'Operations'),
    h('div', {class: 'inline-form'},
      h('label', {for: 'op-state'}, 'State'), stateSel, h('label', {for: 'op-kind'}, 'Kind'), kindSel),
    status, list, more);

  function card(op) {
    const steps = op.growth && op.growth.steps ? op.growth.steps : null;
    const el = h('article', {class: 'card op', 'data-operation': op.id, 'data-state': op.state, 'aria-label': `${op.kind} operation ${op.id}`},
      h('h2', {}, `${op.kind} `, shortId(op.id), ' ', badge(op.state)),
      h('dl', {class: 'facts'},
        h('dt', {}, 'Step'), h('dd', {}, op.step || '–'),
        h('dt', {}, 'Waiting for'), h('dd', {}, op.waitingFor && op.waitingFor.length
          ? h('ul', {class: 'waiting'}, op.waitingFor.map((w) => h('li', {}, w))) : 'nothing'),
        h('dt', {}, 'Switches'), h('dd', {}, (op.switches || []).join(', ') || '–'),
        op.error ? [h('dt', {}, 'Error'), h('dd', {class: 'error'}, op.error)] : null,
        op.nicSpeed ? [h('dt', {}, 'NIC speed'), h('dd', {}, `${op.nicSpeed.server} to ${op.nicSpeed.speedGbps}G`)] : null,
        h('dt', {}, 'By'), h('dd', {}, op.actor || '–'),
        h('dt', {}, 'Updated'), h('dd', {}, when(op.updatedAt))),
      steps ? h('details', {}, h('summary', {}, `Plan: ${steps.length} steps (${op.growth.from} to ${op.growth.to})`),
        h('ol', {class: 'steps'}, steps.map((st) => h('li', {class: op.step === `STEP_${st.number}` ? 'current' : null},
          `${st.kind}: ${(st.switches || []).length} switch(es), ${(st.moves || []).length} move(s), ${(st.cables || []).length} new cable(s), ${(st.gpus || []).length} GPU(s)`)))) : null);
    return el;
  }

  function put(op, append) {
    const el = card(op);
    const old = shown.get(op.id);
    if (old) old.replaceWith(el); else if (append) list.append(el); else list.prepend(el);
    shown.set(op.id, el);
  }

  async function load(after) {
    try {
      const q = new URLSearchParams({limit: '50'});
      if (stateSel.value) q.set('state', stateSel.value);
      if (kindSel.value) q.set('kind', kindSel.value);
      if (after) q.set('after', after);
      const r = await get(`/api/v1/fabric/operations?${q}`);
      if (!after) { shown.clear(); list.replaceChildren(); }
      r.items.forEach((op) => put(op, true));
      nextAfter = r.nextAfter;
      more.hidden = !nextAfter;
      status.textContent = shown.size ? `${shown.size} operation${shown.size === 1 ? '' : 's'} shown.` : 'No operations.';
    } catch (e) {
      status.textContent = e.message;
      status.className = 'error';
    }
  }
  // an event names the operation: re-read that one (its waitingFor is not in the event)
  const pending = new Set();
  const rereadSome = debounce(async () => {
    const ids = [...pending];
    pending.clear();
    for (const id of ids) {
      try {
        const op = await get(`/api/v1/fabric/operations/${seg(id)}`);
        const matches = (!stateSel.value || op.state === stateSel.value) && (!kindSel.value || op.kind === kindSel.value);
        if (matches) put(op, false);
        else if (shown.has(id)) { shown.get(id).remove(); shown.delete(id); }
      } catch (e) { status.textContent = e.message; }
    }
  }, 300);
  const off = [
    events.on('operation', (e) => {
      const el = shown.get(e.id);
      if (el && e.state) el.setAttribute('data-state', e.state);
      pending.add(e.id);
      rereadSome();
    }),
    events.on('reset', () => load(null)),
  ];
  stateSel.addEventListener('change', () => load(null));
  kindSel.addEventListener('change', () => load(null));
  more.addEventListener('click', () => load(nextAfter));
  load(null);
  return () => off.forEach((u) => u());
}
