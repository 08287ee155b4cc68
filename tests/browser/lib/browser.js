// Launching Debian's chromium through playwright-core (which never downloads a browser), and
// the environment the runner (run.sh) hands the tests.

import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { Client } from './ws.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function serverUrl() {
  const url = process.env.CARCASSONNE_URL;
  if (!url) throw new Error('CARCASSONNE_URL is not set: run the tests through tests/browser/run.sh');
  return url.replace(/\/$/, '');
}

export function wsUrl() {
  return `${serverUrl().replace(/^http/, 'ws')}/ws`;
}

export function artifactDir() {
  const dir = process.env.ARTIFACT_DIR || path.resolve('artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

// A browser with a fresh profile (playwright's launch() always starts from a new temporary
// user data directory, removed on close).
export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

// `device`: context options over the default desktop (a phone: viewport, isMobile, hasTouch).
// The player's preference "take back until I end my turn" is off, so that every click sends its
// action at once, unless `takeBack: true` (the take-back test).
export async function newPage(browser, name, { takeBack = false, ...device } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, ...device });
  if (!takeBack) await context.addInitScript(() => localStorage.setItem('carcassonne.takeBack', 'off'));
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const problems = [];
  page.on('pageerror', (err) => problems.push(`${name}: page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${name}: console error: ${msg.text()}`);
  });
  page.problems = problems;
  return page;
}

export async function screenshot(page, name) {
  const file = path.join(artifactDir(), `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

// The browser and the spectator protocol client of a test file: opened before its tests, closed
// after them. Tests read them from the returned object (`const { browser, client } = suite;`).
export function browserSuite() {
  const suite = { browser: null, client: null };
  before(async () => {
    suite.browser = await launch();
    suite.client = await Client.connect(wsUrl());
  });
  after(async () => {
    suite.client?.close();
    await suite.browser?.close();
  });
  return suite;
}
