// The names the server's catalogue gives (expansions, rule options and their values, bot levels,
// figures) in the player's language: the locale's text for the name when it has one, else the
// catalogue's own English words. Nothing here decides anything: the catalogue says what exists.

import { t, has } from './i18n.js';

function named(key, fallback) {
  return has(key) ? t(key) : fallback;
}

export function expansionTitle(expansion) {
  return named(`expansion.${expansion.name}.title`, expansion.title || expansion.name);
}

export function expansionSummary(expansion) {
  return named(`expansion.${expansion.name}.summary`, expansion.summary || '');
}

export function optionName(option) {
  return named(`option.${option.name}.name`, option.name.charAt(0).toUpperCase() + option.name.slice(1));
}

export function optionSummary(option) {
  return named(`option.${option.name}.summary`, option.summary || '');
}

export function optionValueName(option, value) {
  return named(`option.${option.name}.${value.name}.name`, value.name);
}

export function optionValueSummary(option, value) {
  return named(`option.${option.name}.${value.name}.summary`, value.summary || '');
}

// Which printing of the rules a value comes from ("Big Box", "ZMG", ...), or ''.
export function optionValueSource(option, value) {
  return named(`option.${option.name}.${value.name}.source`, value.source || '');
}

export function levelTitle(level) {
  return named(`level.${level.name}.title`, level.title || level.name);
}

export function levelSummary(level) {
  return named(`level.${level.name}.summary`, level.summary || '');
}

// A kind of figure ("meeple", "large", "builder", ...), as a noun.
export function figureName(name) {
  return named(`figure.${name}`, name);
}

// A kind of feature ("city", "road", "field", "cloister", "castle", "bridge").
export function featureName(kind) {
  return named(`feature.${kind}`, kind);
}

// The feature `kind` as a figure reaches it ("into the city", "do města") and as the place a figure
// stands in ("in the city", "ve městě"): each language's own preposition and case.
export function featureInto(kind) {
  return t(`feature.into.${has(`feature.into.${kind}`) ? kind : 'feature'}`);
}

export function featureIn(kind) {
  return t(`feature.in.${has(`feature.in.${kind}`) ? kind : 'feature'}`);
}

// --- where things are, in words ---------------------------------------------------------------------

// The compass direction from square `from` to square `to` (north is up: y grows southwards), one
// of eight, or null for the same square.
function direction(from, to) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (!dx && !dy) return null;
  const sector = Math.round(Math.atan2(dx, -dy) / (Math.PI / 4));
  return ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][(sector + 8) % 8];
}

// Where square `to` lies from the tile just placed (`placed`, a square): "on the tile just
// placed", "north-east of the tile just placed", "3 tiles west of the tile just placed"; '' when
// nothing was placed yet. Players are never shown a square's numbers.
export function whereWords(to, placed) {
  if (!to || !placed) return '';
  const dir = direction(placed, to);
  if (!dir) return t('where.here');
  const count = Math.max(Math.abs(to.x - placed.x), Math.abs(to.y - placed.y));
  return t('where.dir', { count, dir: t(`dir.${dir}`) });
}

// A step from square `from` to a neighbouring square `to`, as the way it goes ("north", "na sever").
export function stepWords(from, to) {
  const dir = from && to ? direction(from, to) : null;
  return dir && has(`dir.to.${dir}`) ? t(`dir.to.${dir}`) : '';
}

// Labels for a row of buttons, made distinct: `label(item)` for each, and where two say the same,
// each of those also says where it is (`square(item)` from `placed`, as whereWords); where even
// that is the same, they are numbered (turn.featureNth).
export function distinctLabels(items, label, square, placed, withWhere) {
  const labels = items.map(label);
  const count = (list) => list.reduce((m, l) => m.set(l, (m.get(l) || 0) + 1), new Map());
  let seen = count(labels);
  const placedLabels = labels.map((l, i) => {
    if (seen.get(l) < 2) return l;
    const where = whereWords(square(items[i]), placed);
    return where ? withWhere(l, where) : l;
  });
  seen = count(placedLabels);
  const n = new Map();
  return placedLabels.map((l) => {
    if (seen.get(l) < 2) return l;
    n.set(l, (n.get(l) || 0) + 1);
    return t('turn.featureNth', { feature: l, n: n.get(l) });
  });
}

// --- bots ----------------------------------------------------------------------------------------

// The catalogue's named levels ({name, title, spec, ...}), once the catalogue has come.
let botLevels = [];

export function setBotLevels(levels) {
  botLevels = Array.isArray(levels) ? levels : [];
}

// A seat's bot as players call it: a bot spec ("intermediate", "expert:ms=2000", "greedy",
// "mcts:playouts=5000", "random") as the title of the level it is ("Intermediate": a level's
// name, or a level's very spec), else the bot's own name in the language ("Random", "MCTS"),
// else the spec as it comes.
export function botTitle(spec) {
  if (typeof spec !== 'string' || !spec) return spec ?? '';
  const head = spec.split(':')[0];
  const level = botLevels.find((l) => l.name === head) || botLevels.find((l) => l.spec === spec);
  if (level) return levelTitle(level);
  return named(`bot.${head}`, spec);
}

// --- tiles ---------------------------------------------------------------------------------------

// A tile of the catalogue in words, what is printed on it: "a city, a road, 2 fields" and, when
// there is more, "; a pennant, inn" (no id: players know tiles by their pictures).
export function tileWords(tile) {
  if (!tile) return t('tile.unknown');
  const kinds = {};
  for (const segment of tile.segments || []) kinds[segment.kind] = (kinds[segment.kind] || 0) + 1;
  const separator = t('panels.listSeparator');
  const features = Object.entries(kinds).map(([kind, n]) => (has(`panels.segments.${kind}`)
    ? t(`panels.segments.${kind}`, { count: n })
    : t('panels.segments.other', { count: n, kind: featureName(kind) }))).join(separator);
  const extras = [];
  const pennants = (tile.segments || []).reduce((sum, segment) => sum + (segment.pennants || 0), 0);
  if (pennants) extras.push(t('panels.pennants', { count: pennants }));
  for (const flag of ['inn', 'cathedral', 'good', 'portal', 'volcano', 'dragon', 'princess', 'bazaar', 'abbey']) {
    if (tile[flag] || (tile.segments || []).some((segment) => segment[flag])) extras.push(t(`panels.tileFlag.${flag}`));
  }
  return extras.length ? t('tile.wordsExtras', { features, extras: extras.join(separator) }) : features;
}

// The tile `id` in words, from the tile art's catalogue (`art.tiles`), for a picture's title.
export function tileTitle(id, art) {
  return tileWords(art?.tiles?.get(id)?.tile);
}
