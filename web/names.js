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
