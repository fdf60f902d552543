// The project's words about the rules, from the protocol's `gallery` (asked once, kept): every ruling in players'
// words (its question, both readings, which one the rulebook's letter supports) and each rulebook section in a sentence.
// The page writes none of these itself: it shows what the engine's library holds (solver/nightcage/model/ruling_words.py).

let asked = null;

export function gallery(api) {
  if (!asked) {
    asked = api('gallery', {}).then((line) => line.result);
    asked.catch(() => { asked = null; }); // a failure is asked again next time
  }
  return asked;
}

// {rulings: Map ruling -> words, sections: Map "English / French" -> summary}; empty maps when the server cannot say.
export async function words(api) {
  try {
    const doc = await gallery(api);
    return { rulings: new Map(doc.rulings.map((r) => [r.ruling, r])), sections: new Map(doc.sections.map((s) => [s.rule, s.summary])) };
  } catch {
    return { rulings: new Map(), sections: new Map() };
  }
}
