// The editor's import and export: the position as v1 JSON or in the one-line notation, in a text
// box (or from a file), copied or downloaded; and a new game. The line form is read and written by
// the engine (`convert`), never here. A text that cannot be read stays as typed, with its problems.

import { ApiError } from './api.js';
import { el, field, select } from './editor-dom.js';

export function ioForm(ctx, { problemsOf }) {
  const text = el('textarea', { id: 'ed-io-text', rows: 6, spellcheck: 'false', 'aria-describedby': 'ed-io-problems',
    placeholder: 'Paste a position: v1 JSON, a TOML scenario or the one-line form' });
  const problems = el('ul', { id: 'ed-io-problems', class: 'problems', 'aria-live': 'polite' });
  const status = el('p', { class: 'ok', id: 'ed-io-status', 'aria-live': 'polite' });
  const say = (list) => {
    status.textContent = '';
    problems.replaceChildren(...list.map((p) => el('li', { text: p.path ? `${p.path}: ${p.message}` : p.message })));
  };

  async function exportAs(form) {
    say([]);
    const position = ctx.store.position;
    if (form === 'json') {
      text.value = JSON.stringify(position, null, 2);
      return;
    }
    try {
      const line = await ctx.api('convert', { position, to: form });
      text.value = line.result.output.trim();
    } catch (error) {
      say(problemsOf(error, 'The position must be valid to be written in the line form'));
    }
  }

  async function importText() {
    const typed = text.value;
    say([]);
    if (!typed.trim()) {
      say([{ path: '', message: 'Nothing to import: paste a position first.' }]);
      return;
    }
    if (typed.trim().startsWith('{')) {
      // JSON is taken as it is, valid or not: the editor then shows what is wrong beside each field.
      let parsed = null;
      try { parsed = JSON.parse(typed); } catch { parsed = null; }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.store.set(parsed, { from: 'import' });
        status.textContent = 'Imported the JSON position.';
        return;
      }
    }
    try {
      const line = await ctx.api('convert', { text: typed, to: 'json' });
      ctx.store.set(line.result.position, { from: 'import' });
      status.textContent = 'Imported the position.';
    } catch (error) {
      say(problemsOf(error, 'The text could not be read'));
    }
  }

  const file = el('input', { type: 'file', id: 'ed-io-file', accept: '.json,.toml,.line,.txt,application/json,text/plain',
    onchange: async (e) => {
      const chosen = e.target.files[0];
      if (!chosen) return;
      text.value = await chosen.text();
      importText();
    } });

  function download() {
    const body = text.value || JSON.stringify(ctx.store.position, null, 2);
    const isJson = body.trim().startsWith('{');
    const link = el('a', { href: URL.createObjectURL(new Blob([body], { type: isJson ? 'application/json' : 'text/plain' })),
      download: isJson ? 'position.json' : 'position.line' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async function copy() {
    if (!text.value) await exportAs('json');
    try {
      await navigator.clipboard.writeText(text.value);
      ctx.notify('Copied.', 'info');
    } catch {
      text.select(); // the browser refused the clipboard: leave the text selected to copy by hand
      ctx.notify('The browser did not allow copying: the text is selected, copy it with Ctrl+C.', 'info');
    }
  }

  const setup = select(['standard', 'five', 'advanced', 'advanced-five'], 'standard', { id: 'ed-new-setup' });
  async function newGame() {
    try {
      const line = await ctx.api('new', { setup: setup.value });
      ctx.store.set(line.result.position, { from: 'new' });
    } catch (error) {
      ctx.notify(`No new game: ${error.message}`, 'error');
    }
  }

  return el('section', { class: 'editor-io', 'aria-label': 'Import and export' },
    el('h3', { text: 'Import and export' }),
    field('Position text', text),
    problems, status,
    el('div', { class: 'row-buttons' },
      el('button', { type: 'button', id: 'ed-export-json', text: 'Export JSON', onclick: () => exportAs('json') }),
      el('button', { type: 'button', id: 'ed-export-line', text: 'Export line', onclick: () => exportAs('line') }),
      el('button', { type: 'button', id: 'ed-import', text: 'Import', onclick: importText }),
      el('button', { type: 'button', id: 'ed-copy', text: 'Copy', onclick: copy }),
      el('button', { type: 'button', id: 'ed-download', text: 'Download', onclick: download })),
    field('Open a file', file),
    el('div', { class: 'row-buttons' }, field('Setup', setup),
      el('button', { type: 'button', id: 'ed-new', text: 'New game', onclick: newGame })));
}

// The problems an error carries (each with its path: a line and column, a field), or its message.
export function errorProblems(error, fallback) {
  if (error instanceof ApiError && error.problems.length) {
    return error.problems.map((p) => ({ path: String(p.path).replace(/^position\.?/, ''), message: p.message }));
  }
  return [{ path: '', message: `${fallback}: ${error.message}` }];
}
