// The fabric map: every switch as an SVG element coloured by state, with a letter so that colour
// is not the only cue, leaves with their occupancy; miscabled links on the link and on its
// switches; a switch's ports in a side panel. Drawn per switch, never per GPU, so that the
// 800 switches of the 10,240-GPU preset stay one picture.

import {get, post, seg, ApiError} from './api.js';
import {h, s, fill, badge, tenantChip, debounce, when} from './dom.js';
import * as events from './events.js';

export const STATES = {
  IN_SYNC: {letter: 'S', words: 'in sync'},
  PENDING: {letter: 'P', words: 'pending'},
  DRIFTED: {letter: 'D', words: 'drifted'},
  UNREACHABLE: {letter: 'U', words: 'unreachable'},
  FAILED: {letter: 'F', words: 'failed'},
  NOT_READY: {letter: 'N', words: 'not ready'},
  UNMANAGED: {letter: 'M', words: 'unmanaged'},
};
const BAD_CABLING = 'MISSING,WRONG_PEER,UNEXPECTED';
const DETAILED_MAX = 100; // up to this many switches: names and words on each switch
const ALL_LINKS_MAX = 24; // up to this many switches: every planned fabric link drawn too
const CABLING_PAGES_MAX = 20;

const stateClass = (state) => 'st-' + String(state || 'unknown').toLowerCase().replaceAll('_', '-');

export function render(main, ctx) {
  const started = performance.now();
  const status = h('p', {class: 'muted', role: 'status'}, 'Reading the fabric…');
  const summary = h('div', {class: 'summary'});
  const picture = h('div', {class: 'map-picture'});
  const miscabled = h('section', {class: 'miscabled-list', 'aria-labelledby': 'miscabled-title'});
  const panel = h('section', {id: 'panel', class: 'panel', 'aria-labelledby': 'panel-title', hidden: true});
  fill(main,
    h('h1', {}, 'Fabric map'),
    summary,
    legend(),
    h('div', {class: 'map-layout'}, h('div', {}, picture, status, miscabled), panel));

  const state = {fabric: null, cabling: null, elements: new Map(), open: null, alive: true};

  async function loadFabric() {
    state.fabric = await get('/api/v1/fabric');
  }

  async function loadCabling() {
    const all = state.fabric.switches.length <= ALL_LINKS_MAX;
    const links = [];
    let summaryCounts = null;
    let findings = [];
    let after = null;
    for (let page = 0; page < CABLING_PAGES_MAX; page++) {
      const q = new URLSearchParams({limit: '500'});
      if (!all) q.set('state', BAD_CABLING);
      if (after) q.set('after', after);
      const c = await get(`/api/v1/fabric/cabling?${q}`);
      links.push(...c.links);
      summaryCounts = c.summary;
      findings = c.findings || [];
      after = c.next;
      if (!after) break;
    }
    state.cabling = {links, summary: summaryCounts, findings, complete: all};
  }

  function draw() {
    const f = state.fabric;
    fill(summary, summaryLine(f, state.cabling));
    const svg = drawMap(f, state.cabling, state.elements, (name) => openPanel(name));
    fill(picture, svg);
    fill(miscabled, ...miscabledList(state.cabling));
    status.textContent = '';
  }

  async function reload() {
    try {
      await loadFabric();
      await loadCabling();
      if (!state.alive) return;
      draw();
    } catch (e) {
      status.textContent = e instanceof ApiError ? e.message : String(e);
      status.className = 'error';
    }
  }

  const openPanel = async (name, note, focus = true) => {
    state.open = name;
    panel.hidden = false;
    await showDevice(panel, name, ctx, note, focus, {
      changed: (message) => { refreshFabric(); openPanel(name, message); },
      cablingChanged: () => refreshCabling(),
      close: () => {
        state.open = null;
        panel.hidden = true;
        const el = state.elements.get(name);
        if (el) el.focus();
      },
    });
  };

  // re-reads prompted by events: one read per burst, never on a timer of their own
  const refreshFabric = debounce(async () => {
    try {
      const before = state.fabric;
      await loadFabric();
      if (!state.alive) return;
      if (sameSwitches(before, state.fabric)) updateInPlace(state.fabric, state.elements, summary, state.cabling);
      else draw();
    } catch (e) { status.textContent = e.message; }
  }, 400);
  const refreshCabling = debounce(async () => {
    try {
      await loadCabling();
      if (state.alive) draw();
    } catch (e) { status.textContent = e.message; }
  }, 400);
  const refreshPanel = debounce(() => { if (state.open) openPanel(state.open, undefined, false); }, 400);

  const unsubscribe = [
    events.on('switch', (e) => {
      const el = state.elements.get(e.name);
      if (el && e.state) setSwitchState(el, e.state, state.fabric, e.name);
      if (state.fabric) {
        const sw = state.fabric.switches.find((x) => x.name === e.name);
        if (sw) { sw.state = e.state; sw.lastError = e.lastError ?? sw.lastError; }
        fill(summary, summaryLine(state.fabric, state.cabling));
      }
      if (state.open === e.name) refreshPanel();
    }),
    events.on('allocation', () => { refreshFabric(); if (state.open) refreshPanel(); }),
    events.on('cabling', () => { refreshCabling(); if (state.open) refreshPanel(); }),
    events.on('reset', () => { reload(); if (state.open) refreshPanel(); }),
  ];

  reload().then(() => {
    const ms = Math.round(performance.now() - started);
    const svg = picture.querySelector('svg');
    if (svg) svg.setAttribute('data-render-ms', String(ms));
  });

  return () => {
    state.alive = false;
    unsubscribe.forEach((u) => u());
  };
}

function sameSwitches(a, b) {
  if (!a || !b || a.switches.length !== b.switches.length) return false;
  return a.switches.every((x, i) => x.name === b.switches[i].name);
}

function legend() {
  return h('ul', {class: 'legend', 'aria-label': 'Legend'},
    Object.entries(STATES).map(([st, v]) =>
      h('li', {}, h('span', {class: ['swatch', stateClass(st)], 'aria-hidden': 'true'}, v.letter), ` ${st}`)),
    h('li', {}, h('span', {class: 'swatch miscabled-swatch', 'aria-hidden': 'true'}, '!'), ' miscabled (dashed: the link)'));
}

function summaryLine(f, cabling) {
  const t = f.totals;
  const bad = cabling && cabling.summary
    ? (cabling.summary.MISSING || 0) + (cabling.summary.WRONG_PEER || 0) + (cabling.summary.UNEXPECTED || 0) : 0;
  const byState = new Map();
  for (const sw of f.switches) byState.set(sw.state, (byState.get(sw.state) || 0) + 1);
  const states = Object.keys(STATES).filter((st) => byState.has(st)).map((st) => `${byState.get(st)} ${st}`).join(', ');
  return h('p', {},
    h('strong', {}, f.name), ` · ${t.switches} switches (${states}; ${t.drainedSwitches} drained)`,
    ` · ${t.allocated} of ${t.gpus} GPUs allocated, ${t.cordoned} cordoned`,
    ` · ${bad} miscabled link${bad === 1 ? '' : 's'}`);
}

function occupancyOf(f) {
  const m = new Map();
  for (const l of f.leaves || []) m.set(l.leaf, l);
  return m;
}

// A switch's accessible name is its SVG <title> (SVG-AAM), which starts with the words drawn on
// it (name, state, occupancy), so that what is seen is what a screen reader says.
function label(sw, occ) {
  let text = `${sw.name} ${sw.state}`;
  if (occ) text += ` ${occ.allocated}/${occ.total} GPUs`;
  else if (sw.drained) text += ' drained';
  text += `, ${sw.role.toLowerCase().replace('_', '-')}${sw.pod != null ? ` of pod ${sw.pod}` : ''}`;
  if (occ && sw.drained) text += ', drained';
  return text;
}

function withCabling(el, text) {
  const n = Number(el.getAttribute('data-miscabled') || 0);
  return n ? `${text}, ${n} miscabled port${n === 1 ? '' : 's'}` : text;
}

function setSwitchState(el, st, f, name) {
  el.setAttribute('data-state', st);
  el.setAttribute('class', el.getAttribute('class').replace(/st-[a-z-]+/, stateClass(st)));
  const letter = el.querySelector('.letter');
  if (letter) letter.textContent = STATES[st] ? STATES[st].letter : '?';
  const word = el.querySelector('.word');
  if (word) word.textContent = st;
  if (f) {
    const sw = f.switches.find((x) => x.name === name);
    if (sw) {
      const occ = occupancyOf(f).get(name);
      const title = el.querySelector('title');
      if (title) title.textContent = withCabling(el, label({...sw, state: st}, occ));
    }
  }
}

function updateInPlace(f, elements, summary, cabling) {
  const occ = occupancyOf(f);
  for (const sw of f.switches) {
    const el = elements.get(sw.name);
    if (!el) continue;
    if (el.getAttribute('data-state') !== sw.state) setSwitchState(el, sw.state, f, sw.name);
    const o = occ.get(sw.name);
    const occText = el.querySelector('.occ');
    if (o && occText) occText.textContent = `${o.allocated}/${o.total} GPUs`;
    const bar = el.querySelector('.bar');
    if (o && bar) setBar(bar, o);
    el.querySelector('title').textContent = withCabling(el, label(sw, o));
    el.classList.toggle('drained', !!sw.drained);
  }
  fill(summary, summaryLine(f, cabling));
}

function setBar(bar, o) {
  const full = Number(bar.getAttribute('data-full'));
  const hgt = o.total > 0 ? Math.round((full * o.allocated) / o.total) : 0;
  bar.setAttribute('height', String(hgt));
  bar.setAttribute('y', String(Number(bar.getAttribute('data-bottom')) - hgt));
}

// ---- drawing ----

function drawMap(f, cabling, elements, open) {
  elements.clear();
  const detailed = f.switches.length <= DETAILED_MAX;
  const occ = occupancyOf(f);
  const layout = detailed ? detailedLayout(f) : compactLayout(f);
  const svg = s('svg', {
    class: detailed ? 'map detailed' : 'map compact',
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    role: 'group',
    'aria-label': `Fabric ${f.name}: ${f.switches.length} switches`,
    'data-switches': String(f.switches.length),
  });
  svg.append(s('title', {}, `Fabric ${f.name}`));
  const linkLayer = s('g', {class: 'links'});
  const decoLayer = s('g', {class: 'deco'});
  const switchLayer = s('g', {class: 'switches'});
  svg.append(decoLayer, linkLayer, switchLayer);
  for (const d of layout.decorations) decoLayer.append(d);

  for (const sw of f.switches) {
    const box = layout.boxes.get(sw.name);
    if (!box) continue;
    const el = drawSwitch(sw, box, occ.get(sw.name), detailed);
    el.addEventListener('click', () => open(sw.name));
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(sw.name); }
    });
    elements.set(sw.name, el);
    switchLayer.append(el);
  }
  if (cabling) drawLinks(cabling, layout.boxes, elements, linkLayer, detailed);
  return svg;
}

function drawSwitch(sw, box, o, detailed) {
  const st = sw.state;
  const g = s('g', {
    class: ['sw', stateClass(st), sw.drained ? 'drained' : null, 'role-' + sw.role.toLowerCase().replace('_', '-')],
    'data-switch': sw.name,
    'data-state': st,
    'data-role': sw.role,
    transform: `translate(${box.x},${box.y})`,
    tabindex: '0',
    role: 'button',
  });
  g.append(s('title', {}, label(sw, o)));
  g.append(s('rect', {class: 'body', width: box.w, height: box.h, rx: detailed ? 6 : 2}));
  if (detailed) {
    g.append(s('text', {class: 'name', x: box.w / 2, y: 16, 'text-anchor': 'middle'}, sw.name));
    g.append(s('text', {class: 'word', x: box.w / 2, y: 31, 'text-anchor': 'middle'}, st));
    if (o) g.append(s('text', {class: 'occ', x: box.w / 2, y: 46, 'text-anchor': 'middle'}, `${o.allocated}/${o.total} GPUs`));
    else if (sw.drained) g.append(s('text', {class: 'occ', x: box.w / 2, y: 46, 'text-anchor': 'middle'}, 'drained'));
  } else {
    if (o) {
      const bottom = box.h - 1;
      const bar = s('rect', {class: 'bar', x: box.w - 4, width: 3, 'data-full': box.h - 2, 'data-bottom': bottom, y: bottom, height: 0});
      setBar(bar, o);
      g.append(bar);
    }
    g.append(s('text', {class: 'letter', x: (box.w - (o ? 3 : 0)) / 2, y: box.h / 2 + 3.5, 'text-anchor': 'middle'}, STATES[st] ? STATES[st].letter : '?'));
  }
  return g;
}

function rowOf(items, y, w, hgt, gap, perRow, width, boxes) {
  let rowY = y;
  for (let i = 0; i < items.length; i += perRow) {
    const row = items.slice(i, i + perRow);
    const rowWidth = row.length * w + (row.length - 1) * gap;
    let x = (width - rowWidth) / 2;
    for (const sw of row) {
      boxes.set(sw.name, {x, y: rowY, w, h: hgt});
      x += w + gap;
    }
    rowY += hgt + gap;
  }
  return rowY;
}

function byRole(f, role) {
  return f.switches.filter((x) => x.role === role).sort((a, b) => a.name.localeCompare(b.name, undefined, {numeric: true}));
}

function detailedLayout(f) {
  const W = 112; const H = 54; const GAP = 14; const PER = 10; const TIER_GAP = 70;
  const tiers = [byRole(f, 'SUPER_SPINE'), byRole(f, 'SPINE'), byRole(f, 'LEAF')].filter((t) => t.length);
  const widest = Math.min(PER, Math.max(...tiers.map((t) => t.length)));
  const width = Math.max(600, widest * (W + GAP) + 40);
  const boxes = new Map();
  let y = 20;
  for (const tier of tiers) y = rowOf(tier, y, W, H, GAP, PER, width, boxes) - GAP + TIER_GAP;
  return {width, height: y - TIER_GAP + 40, boxes, decorations: []};
}

function compactLayout(f) {
  const B = 14; const GAP = 3; const POD_COLS = 5; const PER = 16;
  const supers = byRole(f, 'SUPER_SPINE');
  const pods = new Map();
  for (const sw of f.switches) {
    if (sw.role === 'SUPER_SPINE') continue;
    const p = sw.pod ?? 1;
    if (!pods.has(p)) pods.set(p, {spines: [], leaves: []});
    pods.get(p)[sw.role === 'LEAF' ? 'leaves' : 'spines'].push(sw);
  }
  const podIds = [...pods.keys()].sort((a, b) => a - b);
  const podInner = PER * (B + GAP) - GAP;
  const podW = podInner + 20;
  const cols = Math.min(POD_COLS, Math.max(1, podIds.length));
  const width = Math.max(cols * (podW + 16) + 16, 600);
  const boxes = new Map();
  const decorations = [];
  let y = 16;
  if (supers.length) {
    decorations.push(s('text', {class: 'tier-label', x: 16, y: y + 10}, `super-spines (${supers.length})`));
    y = rowOf(supers, y + 18, B, B, GAP, 40, width, boxes) + 18;
  }
  const podRows = [];
  podIds.forEach((p, i) => { (podRows[Math.floor(i / cols)] ||= []).push(p); });
  for (const row of podRows) {
    let rowBottom = y;
    row.forEach((p, i) => {
      const x0 = 16 + i * (podW + 16);
      const {spines, leaves} = pods.get(p);
      spines.sort((a, b) => a.name.localeCompare(b.name, undefined, {numeric: true}));
      leaves.sort((a, b) => a.name.localeCompare(b.name, undefined, {numeric: true}));
      let yy = y + 22;
      const place = (list) => {
        for (let k = 0; k < list.length; k += PER) {
          list.slice(k, k + PER).forEach((sw, j) => boxes.set(sw.name, {x: x0 + 10 + j * (B + GAP), y: yy, w: B, h: B}));
          yy += B + GAP;
        }
      };
      place(spines);
      yy += 8;
      place(leaves);
      const podH = yy - y + 6;
      decorations.push(s('rect', {class: 'pod', x: x0, y, width: podW, height: podH, rx: 4}));
      decorations.push(s('text', {class: 'tier-label', x: x0 + 8, y: y + 14}, `pod ${p}: ${spines.length} spines, ${leaves.length} leaves`));
      rowBottom = Math.max(rowBottom, y + podH);
    });
    y = rowBottom + 16;
  }
  return {width, height: y + 8, boxes, decorations};
}

function centre(b) { return {x: b.x + b.w / 2, y: b.y + b.h / 2}; }

function drawLinks(cabling, boxes, elements, layer, detailed) {
  const badEnds = new Map(); // switch -> count
  const mark = (name) => badEnds.set(name, (badEnds.get(name) || 0) + 1);
  const seenPairs = new Set();
  let stubIndex = new Map();
  for (const link of cabling.links) {
    const bad = ['MISSING', 'WRONG_PEER', 'UNEXPECTED'].includes(link.state);
    const ends = link.ends.filter((e) => boxes.has(e.switch));
    if (!bad && !cabling.complete) continue;
    if (link.kind === 'FABRIC' && ends.length === 2) {
      const key = ends.map((e) => `${e.switch} ${e.port}`).sort().join(' — ');
      if (seenPairs.has(key)) continue;
      seenPairs.add(key);
      const a = boxes.get(ends[0].switch);
      const b = boxes.get(ends[1].switch);
      const [top, bottom] = a.y < b.y ? [a, b] : [b, a];
      const line = s('line', {
        class: ['link', bad ? 'bad' : 'ok', stateClass(link.state)],
        x1: centre(top).x, y1: top.y + top.h, x2: centre(bottom).x, y2: bottom.y,
        'data-link': key,
        'data-link-state': link.state,
      });
      if (bad) line.setAttribute('data-miscabled', link.state);
      line.append(s('title', {}, `${key}: ${link.state}`));
      layer.append(line);
      if (bad) ends.forEach((e) => mark(e.switch));
    } else if (bad && ends.length >= 1) {
      // a GPU cable, or one the plan does not know: a stub below its switch
      const e = ends[0];
      const b = boxes.get(e.switch);
      const k = stubIndex.get(e.switch) || 0;
      stubIndex.set(e.switch, k + 1);
      const x = b.x + 6 + ((k * 9) % Math.max(b.w - 12, 9));
      const len = detailed ? 22 : 8;
      const seen = e.seen ? `${e.seen.device} ${e.seen.port}` : 'nothing';
      const planned = e.planned ? `${e.planned.device} ${e.planned.port}` : 'nothing';
      const stub = s('line', {
        class: ['link', 'bad', 'stub', stateClass(link.state)],
        x1: x, y1: b.y + b.h, x2: x, y2: b.y + b.h + len,
        'data-link': `${e.switch} ${e.port}`,
        'data-link-state': link.state,
        'data-miscabled': link.state,
      });
      stub.append(s('title', {}, `${e.switch} ${e.port}: ${link.state}, planned ${planned}, seen ${seen}`));
      layer.append(stub);
      mark(e.switch);
    }
  }
  for (const [name, count] of badEnds) {
    const el = elements.get(name);
    if (!el) continue;
    el.setAttribute('data-miscabled', String(count));
    el.classList.add('miscabled');
    const b = boxes.get(name);
    const size = detailed ? 14 : 7;
    const marker = s('g', {class: 'miscabled-mark', transform: `translate(${b.w - size / 2},${-size / 2})`, 'aria-hidden': 'true'},
      s('polygon', {points: `${size / 2},0 ${size},${size} 0,${size}`}));
    el.append(marker);
    const title = el.querySelector('title');
    title.textContent = withCabling(el, title.textContent);
  }
}

function miscabledList(cabling) {
  if (!cabling) return [];
  const bad = cabling.links.filter((l) => ['MISSING', 'WRONG_PEER', 'UNEXPECTED'].includes(l.state));
  const out = [h('h2', {id: 'miscabled-title'}, `Miscabled links (${bad.length})`)];
  if (!bad.length) {
    out.push(h('p', {class: 'muted'}, 'None: every checked cable is where the plan puts it.'));
    return out;
  }
  const peer = (p) => (p ? `${p.device} ${p.port}` : '–');
  out.push(h('table', {class: 'grid'},
    h('thead', {}, h('tr', {}, ['Switch', 'Port', 'State', 'Planned', 'Seen', 'GPU', 'Tenant'].map((c) => h('th', {scope: 'col'}, c)))),
    h('tbody', {}, bad.flatMap((l) => l.ends.filter((e) => e.state !== 'OK').map((e) =>
      h('tr', {'data-miscabled': e.state},
        h('td', {}, e.switch), h('td', {}, e.port), h('td', {}, badge(e.state)),
        h('td', {}, peer(e.planned)), h('td', {}, peer(e.seen)),
        h('td', {}, l.gpu ? l.gpu.id : '–'), h('td', {}, tenantChip(l.gpu && l.gpu.tenant))))))));
  for (const finding of cabling.findings || []) {
    out.push(h('p', {class: 'error'}, `${finding.severity || ''} ${finding.kind}: ${(finding.tenants || []).join(', ')}`));
  }
  return out;
}

// ---- the ports panel ----

async function showDevice(panel, name, ctx, note, focus, hooks) {
  const title = h('h2', {id: 'panel-title', tabindex: '-1'}, name);
  const close = h('button', {type: 'button', class: 'secondary close', 'aria-label': `Close ${name}`}, 'Close');
  close.addEventListener('click', hooks.close);
  const body = h('div', {}, h('p', {class: 'muted'}, 'Reading…'));
  fill(panel, h('div', {class: 'panel-head'}, title, close), body);
  if (focus) title.focus();
  panel.onkeydown = (e) => { if (e.key === 'Escape') hooks.close(); };
  let device;
  let cabling = new Map();
  try {
    device = await get(`/api/v1/fabric/devices/${seg(name)}`);
    const c = await get(`/api/v1/fabric/cabling?switch=${seg(name)}&limit=500`);
    for (const l of c.links) for (const e of l.ends) if (e.switch === name) cabling.set(e.port, e);
  } catch (e) {
    fill(body, h('p', {class: 'error', role: 'alert'}, e.message));
    return;
  }
  const result = h('div', {class: ['result', note && note.error ? 'error' : null], role: 'status', 'aria-live': 'polite'}, note ? note.text : '');
  fill(body,
    h('dl', {class: 'facts'},
      fact('State', badge(device.state)),
      fact('Role', `${device.role}${device.pod != null ? `, pod ${device.pod}` : ''}`),
      fact('Drained', device.drained ? 'yes' : 'no'),
      fact('Generation', `${device.appliedGeneration} applied of ${device.desiredGeneration}`),
      fact('Last verified', when(device.lastVerifiedAt)),
      device.lastError ? fact('Last error', `${device.lastError.phase}: ${device.lastError.message}`) : null,
      device.day0 && !device.day0.ready ? fact('Day-0 gaps', device.day0.gaps.map((g) => `${g.item}: ${g.detail}`).join('; ')) : null,
      device.driftSince ? fact('Drifted since', when(device.driftSince)) : null),
    device.lastDrift && device.lastDrift.items && device.lastDrift.items.length
      ? h('details', {}, h('summary', {}, `Last drift (${device.lastDrift.items.length}) at ${when(device.lastDrift.at)}`),
        h('ul', {}, device.lastDrift.items.map((i) => h('li', {}, `${i.kind} ${i.object}${i.tenant ? ` (${i.tenant})` : ''}`))))
      : null,
    ctx.can.operateSwitches ? actions(device, result, hooks) : null,
    result,
    portsTable(device, cabling));
}

function fact(term, value) {
  return [h('dt', {}, term), h('dd', {}, value)];
}

function actions(device, result, hooks) {
  const name = device.name;
  const run = async (button, what, f) => {
    button.disabled = true;
    result.textContent = `${what}…`;
    result.className = 'result';
    try {
      hooks.changed({text: await f()});
    } catch (e) {
      result.textContent = `${what} refused: ${e.message}`;
      result.className = 'result error';
    } finally {
      button.disabled = false;
    }
  };
  const drain = h('button', {type: 'button', class: 'secondary'}, device.drained ? 'Undrain' : 'Drain');
  drain.addEventListener('click', () => run(drain, device.drained ? 'Undrain' : 'Drain', async () => {
    const r = await post(`/api/v1/fabric/devices/${seg(name)}/${device.drained ? 'undrain' : 'drain'}`);
    drain.textContent = r.drained ? 'Undrain' : 'Drain';
    device.drained = r.drained;
    return `${name} ${r.drained ? 'drained: nothing new is placed on it' : 'back in placement'}.`;
  }));
  const reconcile = (policy) => {
    const b = h('button', {type: 'button', class: 'secondary', 'data-action': `reconcile-${policy}`}, `Reconcile (${policy})`);
    b.addEventListener('click', () => run(b, `Reconcile (${policy})`, async () => {
      const r = await post(`/api/v1/fabric/devices/${seg(name)}/reconcile?policy=${policy}&wait=PT30S`);
      const me = (r.switches || []).find((x) => x.name === name);
      return `Reconcile ${r.state} (${r.policy}): ${me ? me.outcome : 'no result yet'}${me && me.items && me.items.length ? `, ${me.items.length} drift item(s)` : ''}.`;
    }));
    return b;
  };
  const check = h('button', {type: 'button', class: 'secondary', 'data-action': 'check-cabling'}, 'Check cabling');
  check.addEventListener('click', () => run(check, 'Cabling check', async () => {
    const r = await post('/api/v1/fabric/cabling/check?wait=PT30S', {switches: [name]});
    hooks.cablingChanged();
    return `Cabling check ${r.state}: ${r.transitions ?? 0} port(s) changed.`;
  }));
  const managed = device.state !== 'UNMANAGED';
  return h('div', {class: 'actions', role: 'group', 'aria-label': `Actions on ${name}`},
    drain, managed ? reconcile('report') : null, managed ? reconcile('repair') : null, managed ? check : null);
}

function portsTable(device, cabling) {
  const rows = device.ports.map((p) => {
    const c = cabling.get(p.name);
    const binding = p.intended && p.intended.binding ? `${p.intended.binding.vsi} #${p.intended.binding.serviceInstance}` : '–';
    return h('tr', {'data-port': p.name},
      h('td', {}, p.name),
      h('td', {}, `${p.speedGbps}G ${p.purpose}`),
      h('td', {}, p.gpu ? p.gpu.server : '–'),
      h('td', {}, p.gpu ? `${p.gpu.id}${p.gpu.cordoned ? ' (cordoned)' : ''}` : '–'),
      h('td', {}, p.allocation ? tenantChip(p.allocation.tenant) : '–'),
      h('td', {}, p.allocation ? p.allocation.status : '–'),
      h('td', {}, binding),
      h('td', {}, p.intended && p.intended.acl ? p.intended.acl : '–'),
      h('td', {}, c ? badge(c.state) : '–'));
  });
  return h('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Ports of ${device.name}`},
    h('table', {class: 'grid ports'},
      h('caption', {}, `Ports of ${device.name} (${device.ports.length})`),
      h('thead', {}, h('tr', {}, ['Port', 'Kind', 'Server', 'GPU', 'Tenant', 'Lease', 'Binding', 'ACL', 'Cabling'].map((c) => h('th', {scope: 'col'}, c)))),
      h('tbody', {}, rows)));
}
