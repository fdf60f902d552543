// The companion's game record, in the same shape `lueur play -o` writes: the starting position
// (v1 JSON) whose meta holds the game ("format": "lueur-game/1" and every action in the notation
// in meta.actions), so `lueur apply RECORD ACTIONS...` replays it. Saved as a download, read back
// from a file or pasted text, and replayed action by action through `apply`.

export const RECORD_FORMAT = 'lueur-game/1';
const RECORD_KEYS = ['format', 'source', 'seed', 'policy', 'result', 'turns', 'actions'];

export class RecordError extends Error {
  constructor(message, problems = []) {
    super(message);
    this.problems = problems;
  }
}

// The start's meta without what a record adds (so a reloaded game is saved as it was).
export function startOf(position) {
  const meta = { ...(position.meta || {}) };
  for (const key of RECORD_KEYS) delete meta[key];
  return { ...position, meta };
}

export function recordJson(start, actions, result) {
  const meta = { ...(start.meta || {}), format: RECORD_FORMAT, source: 'lueur workbench (table companion)' };
  if (result) meta.result = result;
  meta.actions = [...actions];
  return { ...start, meta };
}

// Reads a record (or a bare position: a game with no action yet) from text.
export function parseRecord(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch (error) {
    throw new RecordError(`The record is not JSON (${error.message}): a game record is the v1 JSON that the companion or \`lueur play -o\` saves.`);
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) {
    throw new RecordError('The record must be a JSON object: a position (lueur-position/1) whose meta.actions lists the actions.');
  }
  const actions = record.meta?.actions ?? [];
  if (!Array.isArray(actions)) {
    throw new RecordError('The record cannot be read.', [{ path: 'meta.actions', message: 'must be a list of actions in the notation, e.g. ["start c3 NE", "place d3 t:NEW"]' }]);
  }
  const problems = actions.flatMap((action, index) => (typeof action === 'string' && action.trim() ? []
    : [{ path: `meta.actions[${index}]`, message: 'must be an action in the notation (a non-empty string)' }]));
  if (problems.length) throw new RecordError('The record cannot be read.', problems);
  return { start: startOf(record), actions };
}

// Replays `actions` from `start` one at a time. Returns the positions reached (the start first), what each action
// caused (its events), and, when one is refused, which (its 1-based number), and why.
export async function replay(api, start, actions) {
  const check = await api('check', { position: start });
  if (!check.result.valid) {
    throw new RecordError('The record\'s starting position is not valid.', check.result.problems);
  }
  const positions = [start];
  const events = [];
  for (const [index, action] of actions.entries()) {
    let line;
    try {
      line = await api('apply', { position: positions[positions.length - 1], actions: [action] });
    } catch (error) {
      return { positions, events, failure: { index: index + 1, action, reason: error.message } };
    }
    if (line.result.refused) return { positions, events, failure: { index: index + 1, action, reason: line.result.reason } };
    positions.push(line.result.position);
    events.push(line.result.events);
  }
  return { positions, events, failure: null };
}

export function download(record, filename) {
  const blob = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000); // the download has started by then
}

// The game in the page's sessionStorage, so a reload (or a crash of the tab) comes back to it.
const SESSION_KEY = 'lueur.companion.game';

export function keepInSession(start, actions, setup) {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ start, actions, setup }));
  } catch {
    // storage full or refused (private mode): the game simply is not kept across a reload
  }
}

export function fromSession() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SESSION_KEY) || 'null');
    if (kept && kept.start && typeof kept.start === 'object' && Array.isArray(kept.actions)) return kept;
  } catch {
    // unreadable: as if nothing were kept
  }
  return null;
}
