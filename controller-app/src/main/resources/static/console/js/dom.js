// Small DOM functions: elements are built with the DOM API only (never innerHTML, never a style
// attribute), so that the Content-Security-Policy can forbid inline styles and scripts.

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'style') throw new Error('inline styles are not allowed: use a class');
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'label'). */
export function h(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element, presentation attributes allowed. */
export function s(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replaces the children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** A time as the viewer's local date and time, or a dash. */
export function when(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** The first characters of an id, with the whole id as a tooltip. */
export function shortId(id) {
  return h('code', {title: id}, String(id).slice(0, 8));
}

/** A stable hue per tenant name, so that a tenant keeps one colour across views. */
export function tenantHue(name) {
  let x = 0;
  for (const ch of String(name)) x = (x * 31 + ch.codePointAt(0)) >>> 0;
  return x % 360;
}

/** A chip naming a tenant in its colour; the colour is set through the CSSOM, not an attribute. */
export function tenantChip(name) {
  if (!name) return h('span', {class: 'muted'}, '–');
  const chip = h('span', {class: 'chip'}, name);
  chip.style.setProperty('--hue', String(tenantHue(name)));
  return chip;
}

/** A badge for a state: its words always shown, the colour a second cue. */
export function badge(state) {
  const v = state || 'UNKNOWN';
  return h('span', {class: ['badge', 'st-' + String(v).toLowerCase().replaceAll('_', '-')]}, v);
}

/** Calls f at most once per wait, after the last call (one re-read for a burst of events). */
export function debounce(f, wait = 300) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; f(...args); }, wait);
  };
}
