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
