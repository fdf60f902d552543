// Small helpers to build the editor's and the dispute's forms: labelled fields, and redrawing a
// part of a form without losing the keyboard focus of the person typing in it (elements come
// from dom.js, text always set as text).

import { el } from './dom.js';

export { el };

let serial = 0;

// A labelled control in a `.field` wrapper; `path` is the position field it edits (the path the
// server's problems use), so a problem can be shown beside it.
export function field(label, control, path) {
  if (!control.id) control.id = path ? `ed-${path.replace(/[^A-Za-z0-9]+/g, '-')}` : `f${++serial}`;
  if (path) control.dataset.path = path;
  return el('div', { class: 'field', dataset: path ? { field: path } : {} }, el('label', { for: control.id, text: label }), control);
}

export function select(options, value, attributes = {}) {
  const control = el('select', attributes);
  for (const option of options) {
    const [optionValue, text] = Array.isArray(option) ? option : [option, option];
    control.append(el('option', { value: optionValue, text, selected: optionValue === value }));
  }
  return control;
}

// Replaces the children of `container` by what `build` returns, then puts the focus back on the
// control that had it (found again by its id), so a redraw never takes the cursor away.
export function redraw(container, build) {
  const focused = document.activeElement && container.contains(document.activeElement) ? document.activeElement.id : null;
  container.replaceChildren(...[build()].flat());
  if (focused) {
    const again = document.getElementById(focused);
    if (again) again.focus();
  }
}

export function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

// The cell names a sentence of the engine mentions ("purple on b5 is hit by the wax eater on b3").
export function cellsIn(text, size = 7) {
  const last = String.fromCharCode(96 + size);
  return [...new Set(String(text).match(/\b[a-g][1-7]\b/g) || [])]
    .filter((cell) => cell[0] <= last && Number(cell.slice(1)) <= size);
}
