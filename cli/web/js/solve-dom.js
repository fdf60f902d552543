// Small DOM helpers shared by the Solve & hint tool and the table companion: numbers written
// the same way everywhere, and a server refusal shown with each problem beside what it
// concerns (elements come from dom.js, text always set as text).

import { el } from './dom.js';

export { el };

export function percent(p) {
  return `${(p * 100).toFixed(1)}%`;
}

export function labelled(text, control, hintId) {
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return el('label', { class: 'field' }, el('span', { class: 'field-name' }, text), control,
    hintId ? el('span', { class: 'field-error', id: hintId, 'aria-live': 'polite' }) : null);
}

// Shows a failed request in `box`: the message, then each problem. A problem whose path names
// one of `fields` (path -> the element beside the field) is written there instead.
export function showError(box, error, fields = {}) {
  clearErrors(box, fields);
  box.hidden = false;
  box.append(el('p', { class: 'problems', role: 'alert' }, error.message || String(error)));
  const rest = [];
  for (const problem of error.problems || []) {
    const spot = fields[problem.path];
    if (spot) spot.textContent = problem.message;
    else rest.push(problem);
  }
  if (rest.length) {
    box.append(el('ul', { class: 'problems' },
      rest.map((problem) => el('li', {}, el('code', {}, problem.path), `: ${problem.message}`))));
  }
}

export function clearErrors(box, fields = {}) {
  box.replaceChildren();
  box.hidden = true;
  for (const spot of Object.values(fields)) spot.textContent = '';
}

// The cells an action names (`place c5 t:NES` -> c5; `dirge b2` -> b2; `move N` -> none).
export function cellsOf(action) {
  return [...String(action).matchAll(/\b([a-z])([1-9])\b/g)].map((m) => m[1] + m[2]);
}

export function prisonerCell(position, name) {
  const prisoner = (position?.prisoners || []).find((p) => p.name === name);
  return prisoner && typeof prisoner.at === 'string' ? prisoner.at : null;
}

// Whether a key press belongs to a text field (where arrows and Ctrl-Z keep their own meaning).
export function typing(target) {
  return Boolean(target.closest && target.closest('input, textarea, select, [contenteditable], [role="tab"], #board'));
}

// Replaces the children of `node`, skipping the absent ones (null, false: a part not shown).
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}
