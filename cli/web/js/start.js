// The start page: what the workbench does, and a way in for each thing people come to it for. It names the games the
// engine plays (from the protocol's `version`) and offers only the tools the engine can serve.

import { el } from './dom.js';

export const BOARD = 'none';

const ENTRIES = [
  { tool: 'gallery', id: 'start-rules', title: 'Settle a rules question',
    text: 'Browse the questions players ask, by topic: each with the position, the action in dispute played step by step '
      + 'with the rulebook section it applies, and what the project rules. One click opens it in the dispute view.' },
  { tool: 'solve', id: 'start-solve', title: 'Solve an end-game',
    text: 'Open one of the bundled end-games (or your own position) and ask for the shortest way out, proven, or for '
      + 'the chance of escaping when the pile is shuffled; step through the plan on the board.' },
  { tool: 'companion', id: 'start-table', title: 'Follow a game at the table',
    text: 'Enter what happens at the table as it happens (tiles picked as pictures and turned), read what each action '
      + 'caused, and keep the odds of the next draws and a hint one tap away.' },
  { tool: 'editor', id: 'start-setup', title: 'Set up a position',
    text: 'Start from an empty board and put down tiles and prisoners; the tiles come out of the pile as you place them, '
      + 'and every problem is shown beside what it concerns.' },
  { tool: 'ff', id: 'start-ff', title: 'Fearsome Floors: where will the monster go?',
    text: 'Set up a Fearsome Floors position and see the monster’s walk for every tombstone tile drawn on the board, '
      + 'with its chance, the safe moves for a pawn, and the same companion for a game at the table.' },
];

/** "The engine plays 2 games: A with 11 commands and B with 7." The list is the protocol's, in its order. */
export function gamesSentence(games) {
  const items = games.map((game, i) => `${game.title} with ${game.commands.length}${i === 0 ? ' commands' : ''}`);
  const list = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0];
  return `The engine plays ${games.length} game${games.length === 1 ? '' : 's'}: ${list}.`;
}

export function mount(panel, ctx) {
  const games = el('p', { class: 'help', id: 'start-games' });
  const cards = el('div', { class: 'start-cards' });
  panel.replaceChildren(
    el('h2', { class: 'tool-title', text: 'What would you like to do?' }),
    el('p', { class: 'lead', text: 'Lueur knows the rules of The Night Cage and answers from them: it adjudicates a '
      + 'disputed action step by step citing the rulebook, names the rulings where the rules leave a question open and '
      + 'shows what the other reading would change, solves end-games exactly and gives the odds of the next draws.' }),
    cards, games,
    el('p', { class: 'help', text: 'Keyboard: the arrow keys move between the tools (on the tab row) and over the board '
      + '(Enter acts on the cell); every page of the workbench is a link you can keep or send.' }));

  function draw() {
    const offered = ENTRIES.filter((entry) => !document.getElementById(`tab-${entry.tool}`).hidden);
    cards.replaceChildren(...offered.map((entry) => el('button', { type: 'button', class: 'start-card', id: entry.id,
      onclick: () => ctx.open(entry.tool, { from: 'start' }) }, el('strong', { text: entry.title }), el('span', { text: entry.text }))));
    games.textContent = ctx.games.length ? gamesSentence(ctx.games) : '';
  }
  draw();
  return { activate: draw };
}
