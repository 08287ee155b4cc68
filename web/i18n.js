// The app's words in the player's language: English, Czech, German, Italian or Romanian, chosen
// from the browser's languages (or the header's switch, remembered in this browser).
//
// Promise: t(key, params) is the text of `key` in the current language, else in English, else
// the key itself (a missing key shows, it never throws). A text may hold {name} placeholders,
// filled from `params`: numbers are written the language's way (Intl.NumberFormat). A text that
// depends on a count is an object of plural forms ({one, few, many, other}) chosen by
// Intl.PluralRules for params.count. Every language has every key (a test checks); nothing here
// knows a rule of the game.

import en from './locales/en.js';
import cs from './locales/cs.js';
import de from './locales/de.js';
import it from './locales/it.js';
import ro from './locales/ro.js';

export const LANGUAGES = [
  { code: 'en', name: 'English', words: en },
  { code: 'cs', name: 'Čeština', words: cs },
  { code: 'de', name: 'Deutsch', words: de },
  { code: 'it', name: 'Italiano', words: it },
  { code: 'ro', name: 'Română', words: ro },
];
const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));
const STORAGE_KEY = 'carcassonne.language';

let current = BY_CODE.get('en');
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');
const listeners = new Set();

// The first of the browser's languages we speak (by its primary subtag), else English.
export function detectLanguage(preferred = globalThis.navigator?.languages || []) {
  for (const tag of preferred) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (BY_CODE.has(code)) return code;
  }
  return 'en';
}

function stored() {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function language() {
  return current.code;
}

// Switches the language (remembered when `remember`), and tells the listeners to draw again.
export function setLanguage(code, remember = true) {
  const next = BY_CODE.get(code) || BY_CODE.get('en');
  if (remember) {
    try { globalThis.localStorage?.setItem(STORAGE_KEY, next.code); } catch { /* private mode */ }
  }
  current = next;
  plurals = new Intl.PluralRules(next.code);
  numbers = new Intl.NumberFormat(next.code);
  if (globalThis.document) document.documentElement.lang = next.code;
  for (const fn of listeners) fn(next.code);
}

export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// The language at start: the one chosen before in this browser, else the browser's.
export function startLanguage() {
  setLanguage(stored() || detectLanguage(), false);
}

function lookup(words, key) {
  return Object.prototype.hasOwnProperty.call(words, key) ? words[key] : undefined;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'number' ? numbers.format(value) : String(value);
  });
}

// The text of `key` in `code` (default: the current language).
export function translate(code, key, params = {}) {
  const words = (BY_CODE.get(code) || current).words;
  let text = lookup(words, key);
  let pluralCode = code;
  if (text === undefined) {
    text = lookup(en, key);
    pluralCode = 'en';
  }
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const rules = pluralCode === current.code ? plurals : new Intl.PluralRules(pluralCode);
    const form = rules.select(Number(params.count ?? 0));
    text = text[form] ?? text.other;
  }
  return fill(text, params);
}

export function t(key, params = {}) {
  return translate(current.code, key, params);
}

// Whether the current language has a text of its own for `key` (not the English fallback).
export function has(key) {
  return lookup(current.words, key) !== undefined || lookup(en, key) !== undefined;
}

// A number written the current language's way.
export function num(value) {
  return numbers.format(value);
}

// The page's fixed texts: elements marked data-i18n (text), data-i18n-title, data-i18n-aria-label
// and data-i18n-placeholder take their key's text; data-i18n-empty fills data-empty, which the
// style sheet shows in an empty list.
export function translatePage(root = globalThis.document) {
  if (!root) return;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-empty]')) el.dataset.empty = t(el.dataset.i18nEmpty);
  for (const [attr, data] of [['title', 'i18nTitle'], ['aria-label', 'i18nAriaLabel'], ['placeholder', 'i18nPlaceholder']]) {
    for (const el of root.querySelectorAll(`[data-${attr === 'aria-label' ? 'i18n-aria-label' : `i18n-${attr}`}]`)) {
      el.setAttribute(attr, t(el.dataset[data]));
    }
  }
}
