// The letters on each person's presence badge: distinct among the people shown, so two guests
// are never both "G". Pure: no DOM, runs under node for the unit tests.

/** A name's own initials: "Ada Lovelace" → "AL", "Guest K7Q" → "K7" (its code), "ada" → "AD". */
function ownInitials(name) {
  const words = (name || '?').trim().split(/\s+/);
  if (words.length > 1 && words[0].toLowerCase() === 'guest') return words.slice(1).join('').slice(0, 2).toUpperCase();
  const letters = words.length > 1 ? words[0][0] + words.at(-1)[0] : words[0].slice(0, 2);
  return letters.toUpperCase();
}

/**
 * Initials for each name, in order, no two alike: a clash takes the name's first letter with a
 * later letter of it, and failing that a number.
 */
export function distinctInitials(names) {
  const taken = new Set();
  return names.map((name) => {
    const letters = (name || '?').replace(/\s+/g, '').toUpperCase();
    const candidates = [ownInitials(name), ...[...letters.slice(1)].map((c) => letters[0] + c)];
    for (let n = 2; candidates.length < letters.length + 12; n++) candidates.push(`${letters[0]}${n}`);
    const chosen = candidates.find((c) => !taken.has(c)) ?? `${letters[0]}${taken.size}`;
    taken.add(chosen);
    return chosen;
  });
}
