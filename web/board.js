// The board: an SVG map of the placed tiles with pan (drag), zoom (wheel, buttons) and fit.
//
// World coordinates: tile x,y covers [100x, 100x+100] × [100y, 100y+100], x east, y south. Tiles
// never move once drawn; only the view transform changes. Until the user pans or zooms, the view
// follows the game: the whole board while it fits with tiles of at least MIN_TILE_PX on screen
// (48 px on a phone, 60 px with a mouse), else tiles of that size and the view panned, as little
// as it takes, so that the last placed tile and the current decision's targets nearest to it are
// in view. A view moved by hand stays until a new turn of this page's seats starts (any new turn
// for a spectator). The ⤢ button (F) shows the whole board however small, and again follows.
// Figures grow as the board is zoomed out (--figure-scale) so they stay readable. On top of the tiles the board draws
// what the state says (the layers of the mechanics in play: fiefs, bridges, castles, ...; the
// figures) and the decorations the turn controller hands it (legal positions, the preview,
// figure spots, the mechanics' options such as bridges and claims).
// Clicks on decorations call their `onClick`; a drag never counts as a click.

import { s, h, clear } from './dom.js';
import { MEEPLE_PATH, seatColour, degreesOf } from './tiles.js';
import { mechanicsOf, figureStyle } from './mechanics/registry.js';
import { t, num, has, language, onLanguageChange } from './i18n.js';
import { featureName, tileTitle as tileWordsOf } from './names.js';

const TILE = 100;
const MIN_SCALE = 0.12;
const MAX_SCALE = 3;
const FIT_MAX_SCALE = 1.5;
// The smallest tile the view shrinks to by itself, in CSS px (a touch or narrow screen, a mouse):
// the squares to place on (90 of the tile's 100 units) stay over 40 px on a phone.
const MIN_TILE_PX = { touch: 48, mouse: 60 };
// The space the view leaves for the turn banner above, the zoom buttons on the right and the
// replay bar below.
const INSET = { top: 56, right: 58, left: 16 };

const narrowScreen = () => Boolean(window.matchMedia?.('(pointer: coarse), (max-width: 700px)').matches);

export function meepleShape(colour, { lying = false, scale = 1, className = 'meeple' } = {}) {
  const transform = `${lying ? 'rotate(90) ' : ''}scale(${scale})`;
  return s('g', { class: className, transform },
    s('path', { d: MEEPLE_PATH, fill: 'none', stroke: 'rgba(255,255,255,0.9)', 'stroke-width': 3.2, 'stroke-linejoin': 'round' }),
    s('path', { d: MEEPLE_PATH, fill: colour, stroke: 'rgba(20,20,20,0.85)', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }));
}

// A figure drawn in a seat's colour: its module's shape (builder, pig), else the follower's.
// The corners of a tile (where four tiles meet: a barn's place), in the tile's 0..100 square.
const CORNER_XY = { NW: [0, 0], NE: [100, 0], SE: [100, 100], SW: [0, 100] };

export function figureShape(style, colour, options) {
  return style.shape ? style.shape(colour, options) : meepleShape(colour, options);
}

// A placed tile's title: what is on it, in words, and how far it is turned (no id, no square).
function tileTitle(tile, art) {
  const words = tileWordsOf(tile.tile, art);
  const degrees = degreesOf(tile.rotation);
  return degrees ? t('board.tileTitleTurned', { tile: words, degrees }) : t('board.tileTitle', { tile: words });
}

export class Board {
  constructor(container, { onHoverCell, describeFeature } = {}) {
    this.container = container;
    this.art = null;
    this.onHoverCell = onHoverCell;
    // (x, y, location) => Promise of the server's description of that feature (outline on hover).
    this.describeFeature = describeFeature;
    this.boardTiles = new Map(); // "x,y" -> the state's board entry
    this.focused = null; // the tile zoomed onto while its spots are offered (phones)
    this.view = { tx: 0, ty: 0, scale: 0.8 };
    this.userMoved = false; // the view was moved by hand (or ⤢): it stays until a new turn
    this.overview = false; // the view is ⤢'s whole board
    this.turnKey = null; // the game and turn whose start last let the view follow again
    this.focusKey = null; // the last placed tile and the targets the view last followed
    this.targets = []; // squares of the current decision's targets [{x, y}]
    this.lastPlaced = null;
    this.tileEls = new Map(); // "x,y" -> {el, sig}
    this.drag = null;
    this.suppressClickUntil = 0;
    this.lastBounds = null;

    this.svg = s('svg', { class: 'board-svg', 'data-testid': 'board', role: 'application', 'aria-label': t('board.aria') });
    onLanguageChange(() => this.svg.setAttribute('aria-label', t('board.aria')));
    this.viewport = s('g', { class: 'viewport' });
    this.layers = {};
    for (const name of ['grid', 'tiles', 'below', 'last', 'above', 'outline', 'followers', 'positions', 'preview', 'options', 'hover', 'flash']) {
      this.layers[name] = s('g', { class: `layer layer-${name}` });
      this.viewport.append(this.layers[name]);
    }
    this.svg.append(this.viewport);
    container.append(this.svg);

    this.coords = h('div', { class: 'hover-coords', 'data-testid': 'hover-coords', hidden: true });
    container.append(this.coords);
    this.installInput();
    this.resizeObserver = new ResizeObserver(() => {
      if (!this.userMoved && !this.focused) this.follow({ animate: false });
    });
    this.resizeObserver.observe(container);
  }

  setArt(art) {
    this.art = art;
    clear(this.layers.tiles);
    this.tileEls.clear();
  }

  // --- view transform -----------------------------------------------------------------------

  applyView(animate = false) {
    const { tx, ty, scale } = this.view;
    this.viewport.classList.toggle('animating', animate);
    this.viewport.style.transform = `translate(${tx}px, ${ty}px) scale(${scale})`;
    this.svg.style.setProperty('--zoom', String(scale));
    // Clickable markers (21 board units across) keep a usable size on screen when the board is
    // zoomed far out: 20 px with a mouse, 40 px on a touch or narrow screen.
    const coarse = narrowScreen();
    const minimum = coarse ? 40 : 20;
    this.svg.style.setProperty('--marker-scale', String(Math.min(coarse ? 4.4 : 2.2, Math.max(1, minimum / (21 * scale)))));
    // Figures (about 24 units tall) stay at least 14 px on screen, up to half as large again.
    this.svg.style.setProperty('--figure-scale', String(Math.min(1.5, Math.max(1, 14 / (24 * scale)))));
  }

  size() {
    const rect = this.svg.getBoundingClientRect();
    return { width: rect.width || 800, height: rect.height || 600, left: rect.left, top: rect.top };
  }

  toWorld(clientX, clientY) {
    const { left, top } = this.size();
    return [(clientX - left - this.view.tx) / this.view.scale, (clientY - top - this.view.ty) / this.view.scale];
  }

  zoomAt(factor, clientX, clientY) {
    const { width, height, left, top } = this.size();
    const cx = clientX ?? left + width / 2;
    const cy = clientY ?? top + height / 2;
    const [wx, wy] = this.toWorld(cx, cy);
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.view.scale * factor));
    this.view = { scale, tx: cx - left - wx * scale, ty: cy - top - wy * scale };
    this.handMoved();
    this.applyView(false);
  }

  // The user moved the view: it stays until a new turn starts.
  handMoved() {
    this.userMoved = true;
    this.overview = false;
  }

  // The area the view fills (inside the insets), in px from the board's top left.
  area() {
    const { width, height } = this.size();
    const bottom = this.bottomInset || 16;
    return {
      width, height, left: INSET.left, top: INSET.top,
      w: Math.max(50, width - INSET.left - INSET.right), h: Math.max(50, height - INSET.top - bottom),
    };
  }

  minAutoScale() {
    return (narrowScreen() ? MIN_TILE_PX.touch : MIN_TILE_PX.mouse) / TILE;
  }

  // Shows the whole board (tiles and the current decorations), however small its tiles get.
  fit({ animate = true, bounds = this.lastBounds } = {}) {
    if (!bounds) return;
    const a = this.area();
    if (a.width < 10 || a.height < 10) return;
    const margin = 0.1 * TILE;
    const bw = (bounds.maxX - bounds.minX + 1) * TILE + 2 * margin;
    const bh = (bounds.maxY - bounds.minY + 1) * TILE + 2 * margin;
    const scale = Math.max(MIN_SCALE, Math.min(FIT_MAX_SCALE, a.w / bw, a.h / bh));
    const cx = ((bounds.minX + bounds.maxX + 1) / 2) * TILE;
    const cy = ((bounds.minY + bounds.maxY + 1) / 2) * TILE;
    this.view = { scale, tx: a.left + a.w / 2 - cx * scale, ty: a.top + a.h / 2 - cy * scale };
    this.applyView(animate);
  }

  // The view that follows the game (see the top of this file): the whole board while its tiles
  // are at least the minimum size; else that size, each axis on which the board fits centred,
  // and on the others panned as little as it takes to bring the focus (the last placed tile
  // and the targets nearest to it, as many as fit) into view, never past the board's edge.
  follow({ animate = true } = {}) {
    const bounds = this.lastBounds;
    if (!bounds) return;
    const a = this.area();
    if (a.width < 10 || a.height < 10) return;
    const margin = 0.1 * TILE;
    const extent = {
      x: [bounds.minX * TILE - margin, (bounds.maxX + 1) * TILE + margin],
      y: [bounds.minY * TILE - margin, (bounds.maxY + 1) * TILE + margin],
    };
    const fitScale = Math.min(FIT_MAX_SCALE, a.w / (extent.x[1] - extent.x[0]), a.h / (extent.y[1] - extent.y[0]));
    const minimum = this.minAutoScale();
    if (fitScale >= minimum) {
      this.fit({ animate, bounds });
      return;
    }
    const scale = minimum;
    const span = { x: a.w / scale, y: a.h / scale }; // world units in view
    // The focus: the last placed tile, then the targets nearest to it while the box fits.
    const targets = this.targets || [];
    const anchor = this.lastPlaced || targets[0] || { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2 };
    const pad = 0.4 * TILE; // room around the focus, so the last tile is not at the very edge
    let box = null;
    const grow = (c) => {
      const b = box
        ? { x0: Math.min(box.x0, c.x * TILE - pad), x1: Math.max(box.x1, (c.x + 1) * TILE + pad), y0: Math.min(box.y0, c.y * TILE - pad), y1: Math.max(box.y1, (c.y + 1) * TILE + pad) }
        : { x0: c.x * TILE - pad, x1: (c.x + 1) * TILE + pad, y0: c.y * TILE - pad, y1: (c.y + 1) * TILE + pad };
      return b;
    };
    box = grow(anchor);
    const near = [...targets].sort((p, q) => Math.hypot(p.x - anchor.x, p.y - anchor.y) - Math.hypot(q.x - anchor.x, q.y - anchor.y));
    for (const c of near) {
      const b = grow(c);
      if (b.x1 - b.x0 <= span.x && b.y1 - b.y0 <= span.y) box = b;
    }
    // The world point at the top left of the area now, at the new scale about the area's centre.
    const old = this.view;
    const centre = { x: (a.left + a.w / 2 - old.tx) / old.scale, y: (a.top + a.h / 2 - old.ty) / old.scale };
    const start = { x: centre.x - span.x / 2, y: centre.y - span.y / 2 };
    const place = (axis, lo, hi) => {
      const [e0, e1] = extent[axis];
      if (e1 - e0 <= span[axis]) return (e0 + e1) / 2 - span[axis] / 2; // the board fits: centred
      let v = start[axis];
      if (hi - lo <= span[axis]) {
        if (lo < v) v = lo;
        if (hi > v + span[axis]) v = hi - span[axis];
      } else {
        v = (lo + hi) / 2 - span[axis] / 2;
      }
      return Math.min(Math.max(v, e0), e1 - span[axis]);
    };
    const vx = place('x', box.x0, box.x1);
    const vy = place('y', box.y0, box.y1);
    this.view = { scale, tx: a.left - vx * scale, ty: a.top - vy * scale };
    this.applyView(animate);
  }

  // The ⤢ button (F): the whole board, held like a view moved by hand; again: follow the game.
  resetFit() {
    if (this.overview) {
      this.overview = false;
      this.userMoved = false;
      this.follow();
      return;
    }
    this.userMoved = true;
    this.overview = true;
    this.fit();
  }

  installInput() {
    const svg = this.svg;
    // Two fingers pinch: the board zooms about their midpoint and follows it.
    const touches = new Map(); // pointerId -> {x, y}
    let pinch = null; // {distance, x, y} of the last two-finger position
    const twoFingers = () => {
      const [a, b] = [...touches.values()];
      return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    svg.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'touch') {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (touches.size >= 2) {
          pinch = twoFingers();
          this.drag = null; // a pinch is no drag, and no tap either
          this.suppressClickUntil = Infinity;
          return;
        }
      }
      if (event.button !== 0) return;
      this.drag = { x: event.clientX, y: event.clientY, tx: this.view.tx, ty: this.view.ty, moved: false, id: event.pointerId };
    });
    svg.addEventListener('pointermove', (event) => {
      if (touches.has(event.pointerId)) touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && touches.size === 2) {
        const now = twoFingers();
        if (pinch.distance > 0 && now.distance > 0) this.zoomAt(now.distance / pinch.distance, now.x, now.y);
        this.view = { ...this.view, tx: this.view.tx + now.x - pinch.x, ty: this.view.ty + now.y - pinch.y };
        this.applyView(false);
        pinch = now;
        return;
      }
      this.updateHover(event);
      const drag = this.drag;
      if (!drag || drag.id !== event.pointerId) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) {
        drag.moved = true;
        svg.setPointerCapture(event.pointerId);
        svg.classList.add('dragging');
      }
      this.view = { ...this.view, tx: drag.tx + dx, ty: drag.ty + dy };
      this.handMoved();
      this.applyView(false);
    });
    const end = (event) => {
      touches.delete(event.pointerId);
      if (pinch) {
        // The pinch lasts until the last finger lifts (a finger left behind neither pans nor taps).
        if (touches.size === 0) {
          pinch = null;
          this.suppressClickUntil = performance.now() + 250;
        }
        return;
      }
      if (this.drag && this.drag.moved) this.suppressClickUntil = performance.now() + 250;
      if (this.drag && svg.hasPointerCapture?.(event.pointerId)) svg.releasePointerCapture(event.pointerId);
      this.drag = null;
      svg.classList.remove('dragging');
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    // A tap (or click) on the board where nothing is to be chosen outlines the feature there.
    svg.addEventListener('click', (event) => {
      if (performance.now() < this.suppressClickUntil) return;
      const [wx, wy] = this.toWorld(event.clientX, event.clientY);
      this.queueOutline(wx, wy);
    });
    svg.addEventListener('pointerleave', () => {
      this.clearOutline();
      this.coords.hidden = true;
      clear(this.layers.hover);
    });
    svg.addEventListener('wheel', (event) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0018));
      this.zoomAt(factor, event.clientX, event.clientY);
    }, { passive: false });
  }

  // --- feature outline: the feature under the pointer (or a tap), described by the server ----

  // The location of the tile at (x, y) nearest to board point (wx, wy): the feature there.
  locationAt(x, y, wx, wy) {
    const t = this.boardTiles.get(`${x},${y}`);
    if (!t || !this.art) return null;
    const px = wx - x * TILE;
    const py = wy - y * TILE;
    let best = null;
    for (const loc of ['N', 'E', 'S', 'W', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW', 'cloister']) {
      if (loc === 'cloister' && !this.tileHasCloister(t)) continue;
      // (An abbey's edges belong to no feature: only its cloister is there to point at.)
      if (loc !== 'cloister' && !this.art.featureAt(t.tile, t.rotation, loc)) continue;
      const [ax, ay] = this.art.anchor(t.tile, t.rotation, loc, t.bridge);
      const d = Math.hypot(ax - px, ay - py);
      if (!best || d < best.d) best = { loc, d };
    }
    return best?.loc ?? null;
  }

  tileHasCloister(t) {
    const entry = this.art?.tiles?.get(t.tile);
    return Boolean(entry?.tile.segments?.some((seg) => seg.kind === 'cloister'));
  }

  queueOutline(wx, wy) {
    clearTimeout(this.outlineTimer);
    const x = Math.floor(wx / TILE);
    const y = Math.floor(wy / TILE);
    const loc = this.locationAt(x, y, wx, wy);
    if (!loc || !this.describeFeature) return this.clearOutline();
    const key = `${x},${y},${loc}`;
    if (this.outlined === key) return undefined;
    this.outlineTimer = setTimeout(async () => {
      try {
        const feature = await this.describeFeature(x, y, loc);
        this.showOutline(key, feature, wx, wy);
      } catch {
        this.clearOutline();
      }
    }, 180);
    return undefined;
  }

  clearOutline() {
    clearTimeout(this.outlineTimer);
    this.outlined = null;
    clear(this.layers.outline);
  }

  // Every tile of the feature framed, its segment on each marked, and a label: what it is, what
  // it is worth, who holds it.
  showOutline(key, f, wx, wy) {
    clear(this.layers.outline);
    this.outlined = key;
    const colours = (f.holders || []).map((seat) => seatColour(seat));
    const colour = colours[0] || '#ffffff';
    const g = s('g', { class: `feature-outline kind-${f.kind}`, 'data-testid': 'feature-outline', 'data-kind': f.kind, 'data-members': (f.members || []).length, 'data-value': f.value ?? '', 'pointer-events': 'none' });
    for (const m of f.members || []) {
      const t = this.boardTiles.get(`${m.x},${m.y}`);
      g.append(s('rect', { x: m.x * TILE + 2, y: m.y * TILE + 2, width: TILE - 4, height: TILE - 4, rx: 4, class: 'outline-tile', stroke: colour }));
      if (t && this.art) {
        const [ax, ay] = this.art.anchor(t.tile, t.rotation, m.location, t.bridge);
        g.append(s('circle', { cx: m.x * TILE + ax, cy: m.y * TILE + ay, r: 7, class: 'outline-dot', fill: colour }));
      }
    }
    // What it is (a field is a farm here), how many tiles, its worth, who holds it: parts of a
    // list separated by ' · ', each its own text.
    const kind = has(`board.outline.kind.${f.kind}`) ? t(`board.outline.kind.${f.kind}`) : `${String(f.kind)[0].toUpperCase()}${String(f.kind).slice(1)}`;
    const parts = [kind, t('board.outline.tiles', { count: f.tiles })];
    if (f.value !== null && f.value !== undefined) {
      parts.push(f.complete ? t('board.outline.points', { count: f.value }) : t('board.outline.worth', { now: f.value, complete: f.if_complete }));
    }
    parts.push((f.holders || []).length
      ? f.holders.map((seat) => this.seatName?.(seat) ?? t('board.seatN', { n: seat + 1 })).join(t('board.outline.and'))
      : t('board.outline.nobody'));
    const text = parts.join(' · ');
    const label = s('g', { class: 'outline-label', transform: `translate(${wx},${wy - 24})` },
      s('g', { class: 'marker-scale' },
        s('rect', { x: -4, y: -18, width: text.length * 7.2 + 8, height: 24, rx: 6 }),
        s('text', { x: 0, y: -1, 'data-testid': 'feature-outline-text' }, text)));
    g.append(label);
    this.layers.outline.append(g);
  }

  updateHover(event) {
    const [wx, wy] = this.toWorld(event.clientX, event.clientY);
    if (event.pointerType !== 'touch') this.queueOutline(wx, wy);
    const x = Math.floor(wx / TILE);
    const y = Math.floor(wy / TILE);
    if (this.hoverCell && this.hoverCell[0] === x && this.hoverCell[1] === y) return;
    this.hoverCell = [x, y];
    // The square's coordinates (as records and the notation write them) follow a mouse; a tap
    // on a phone is not a hover and shows none.
    this.coords.hidden = event.pointerType === 'touch';
    this.coords.textContent = t('board.coords', { x, y });
    clear(this.layers.hover);
    this.layers.hover.append(s('rect', { x: x * TILE, y: y * TILE, width: TILE, height: TILE, class: 'hover-cell' }));
    this.onHoverCell?.(x, y);
  }

  clickable(el, onClick) {
    el.setAttribute('tabindex', '0');
    el.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      onClick(event);
    });
    el.addEventListener('click', (event) => {
      event.stopPropagation();
      if (performance.now() < this.suppressClickUntil) return;
      onClick(event);
    });
    el.addEventListener('contextmenu', (event) => {
      if (el.dataset.rotates === 'true') {
        event.preventDefault();
        event.stopPropagation();
        onClick(event, { rotate: true });
      }
    });
    return el;
  }

  // --- moments: points scored, a tile pointed at ------------------------------------------------

  // "+8" rising from a tile of the feature that scored, in the scorers' colours, for a moment.
  flashScore(x, y, points, colours) {
    const g = s('g', { class: 'score-flash', 'data-testid': 'score-flash', 'data-x': x, 'data-y': y, 'data-points': points, transform: `translate(${x * TILE + 50},${y * TILE + 50})`, 'pointer-events': 'none' },
      // (CSS transforms replace an element's transform attribute: the rise and the marker scale
      // go on children of the positioned group.)
      s('g', { class: 'score-rise' }, s('g', { class: 'marker-scale' },
        s('rect', { x: -24, y: -15, width: 48, height: 30, rx: 15, fill: colours[0] || '#333', stroke: colours[1] || '#fff', 'stroke-width': 3 }),
        s('text', { y: 7, 'text-anchor': 'middle' }, `+${num(points)}`))));
    this.layers.flash.append(g);
    setTimeout(() => g.remove(), 1800);
    this.svg.dataset.scoreFlashes = String(Number(this.svg.dataset.scoreFlashes || 0) + 1);
  }

  // A ring pulsing around the tile at (x, y) (a log entry was clicked).
  pointAt(x, y) {
    const ring = s('rect', { x: x * TILE - 4, y: y * TILE - 4, width: TILE + 8, height: TILE + 8, rx: 8, class: 'pointed-tile', 'data-testid': 'pointed-tile', 'data-x': x, 'data-y': y, 'pointer-events': 'none' });
    this.layers.flash.append(ring);
    setTimeout(() => ring.remove(), 2000);
  }

  // An outline around the tile at (x, y) while a log entry about it is pointed at (one at a
  // time); `clearHighlight()` takes it away.
  highlight(x, y) {
    this.clearHighlight();
    this.highlighted = s('rect', { x: x * TILE - 3, y: y * TILE - 3, width: TILE + 6, height: TILE + 6, rx: 6, class: 'highlighted-tile', 'data-testid': 'highlighted-tile', 'data-x': x, 'data-y': y, 'pointer-events': 'none' });
    this.layers.flash.append(this.highlighted);
  }

  clearHighlight() {
    this.highlighted?.remove();
    this.highlighted = null;
  }

  // --- drawing --------------------------------------------------------------------------------

  // `state`: the server's state (board, followers, castles, last_placed); `deco`: decorations.
  render(state, deco = {}) {
    if (!this.art) return;
    const board = state?.board || [];
    this.boardTiles = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
    this.seatName = (seat) => state?.players?.[seat]?.name;
    if (this.outlinedVersion !== state?.version) {
      this.outlinedVersion = state?.version;
      this.clearOutline(); // the board changed: what was outlined may have grown
    }
    this.renderTiles(board);
    this.renderMechanicLayers(state);
    this.renderFollowers(state, board);
    this.renderLast(state?.last_placed, board, deco.recentFrom);
    this.renderPositions(deco);
    this.renderPreview(deco.preview);
    this.renderOptions(deco, board);

    // A new turn of a seat this page plays (of anyone, for a spectator) lets the view follow
    // again after it was moved by hand.
    const you = state?.you || [];
    const turnKey = state ? `${state.game}/${state.turn}` : null;
    if (turnKey !== this.turnKey && (!you.length || you.includes(state.turn_seat) || this.turnKey === null)) {
      this.turnKey = turnKey;
      this.userMoved = false;
      this.overview = false;
    }
    // The current decision's targets: every square with something to click (placements, the
    // preview, figure spots, the mechanics' options).
    const targets = new Map();
    for (const layer of [this.layers.positions, this.layers.preview, this.layers.options]) {
      for (const el of layer.querySelectorAll('[data-x][data-y]')) targets.set(`${el.dataset.x},${el.dataset.y}`, { x: Number(el.dataset.x), y: Number(el.dataset.y) });
    }
    this.targets = [...targets.values()];
    this.lastPlaced = state?.last_placed ? { x: state.last_placed.x, y: state.last_placed.y } : null;

    // The bounds are the tiles and the ring of squares around them (where the next tile can
    // go), so the view stays put when the highlighted squares come and go between turns.
    const cells = board.map((t) => [t.x, t.y]).concat(this.targets.map((p) => [p.x, p.y]));
    if (cells.length) {
      const xs = cells.map((c) => c[0]);
      const ys = cells.map((c) => c[1]);
      const ring = board.length ? 1 : 0;
      const bounds = {
        minX: Math.min(...xs) - ring, maxX: Math.max(...xs) + ring, minY: Math.min(...ys) - ring, maxY: Math.max(...ys) + ring,
      };
      const changed = JSON.stringify(bounds) !== JSON.stringify(this.lastBounds);
      this.lastBounds = bounds;
      const focusKey = JSON.stringify([this.lastPlaced, [...targets.keys()].sort()]);
      const refocus = focusKey !== this.focusKey;
      this.focusKey = focusKey;
      if (!this.userMoved && (changed || refocus || !this.fittedOnce) && !this.focused) {
        this.follow({ animate: Boolean(this.fittedOnce) });
        this.fittedOnce = true;
      }
    }
    this.svg.dataset.following = String(!this.userMoved);
    this.focusSpots(deco.markers || []);
  }

  // On a phone, several follower spots on one small tile would overlap: the board zooms onto
  // that tile while they are offered (even when the player has moved the view: the tile is the
  // one just placed), and after follows the game again, or returns to the view moved by hand.
  focusSpots(markers) {
    const narrow = narrowScreen();
    const first = markers[0];
    const crowded = narrow && first && markers.filter((m) => m.x === first.x && m.y === first.y).length > 1;
    const key = crowded ? `${first.x},${first.y}` : null;
    if (key === this.focused) return;
    const wasFocused = this.focused;
    this.focused = key;
    if (!key) {
      const before = this.viewBeforeFocus;
      this.viewBeforeFocus = null;
      if (!this.userMoved) this.follow({ animate: true });
      else if (wasFocused && before) {
        this.view = before;
        this.applyView(true);
      }
      return;
    }
    const minimum = 220; // px on screen for the tile: 40 px spots then stand apart
    const { width, height } = this.size();
    const scale = Math.max(this.view.scale, minimum / TILE);
    if (scale === this.view.scale) return;
    if (!wasFocused) this.viewBeforeFocus = { ...this.view };
    this.view = { scale, tx: width / 2 - (first.x + 0.5) * TILE * scale, ty: height / 2 - (first.y + 0.5) * TILE * scale };
    this.applyView(true);
  }

  renderTiles(board) {
    const seen = new Set();
    for (const t of board) {
      const key = `${t.x},${t.y}`;
      seen.add(key);
      const sig = `${t.tile}/${t.rotation}`;
      const existing = this.tileEls.get(key);
      if (existing && existing.sig === sig) {
        // The same tile: only its title follows a change of language.
        if (existing.lang !== language()) {
          existing.el.querySelector('title').textContent = tileTitle(t, this.art);
          existing.lang = language();
        }
        continue;
      }
      if (existing) existing.el.remove();
      const el = s('g', {
        class: 'board-tile', 'data-testid': 'board-tile', 'data-x': t.x, 'data-y': t.y, 'data-tile': t.tile, 'data-rotation': t.rotation,
        transform: `translate(${t.x * TILE},${t.y * TILE})`,
      }, s('title', {}, tileTitle(t, this.art)), this.art.use(t.tile, degreesOf(t.rotation)));
      if (this.tileEls.size > 0) el.classList.add('fresh');
      this.layers.tiles.append(el);
      this.tileEls.set(key, { el, sig, lang: language() });
    }
    for (const [key, { el }] of this.tileEls) {
      if (!seen.has(key)) {
        el.remove();
        this.tileEls.delete(key);
      }
    }
  }

  // The last tile placed, framed; and the tiles placed since the player's last turn (from
  // index `recentFrom` of the board, in placement order), each with a corner mark.
  renderLast(last, board = [], recentFrom = null) {
    clear(this.layers.last);
    if (recentFrom !== null && recentFrom !== undefined) {
      for (const t of board.slice(recentFrom)) {
        this.layers.last.append(s('g', { class: 'since-last-turn', 'data-testid': 'recent-tile', 'data-x': t.x, 'data-y': t.y, transform: `translate(${t.x * TILE},${t.y * TILE})` },
          s('rect', { x: 2, y: 2, width: TILE - 4, height: TILE - 4, rx: 3, class: 'recent-frame' }),
          s('circle', { cx: 12, cy: 12, r: 6, class: 'recent-dot' })));
      }
    }
    if (!last) return;
    const box = { x: last.x * TILE + 1.5, y: last.y * TILE + 1.5, width: TILE - 3, height: TILE - 3, rx: 3 };
    this.layers.last.append(s('rect', { ...box, class: 'last-placed-glow' }), s('rect', { ...box, class: 'last-placed', 'data-testid': 'last-placed' }));
  }

  // The layers of the mechanics in play, in their slots: 'below' the last-placed mark (fiefs),
  // 'above' it (bridges, castles), always under the figures.
  renderMechanicLayers(state) {
    clear(this.layers.below);
    clear(this.layers.above);
    for (const m of mechanicsOf(state)) {
      for (const layer of m.layers || []) {
        const g = s('g', { class: `layer layer-${layer.name}` });
        layer.render(g, state, this);
        (layer.slot === 'below' ? this.layers.below : this.layers.above).append(g);
      }
    }
  }

  renderFollowers(state, board) {
    // The figures that went home since the last state of this game are seen leaving: their
    // drawings, copied as they were, rise and fade on the flash layer.
    const previous = this.figureEls || new Map();
    const sameGame = this.figuresOf === state?.game && (state?.version ?? 0) > (this.figuresVersion ?? -1);
    const current = new Map();
    clear(this.layers.followers);
    const tiles = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
    for (const f of state?.followers || []) {
      const tile = tiles.get(`${f.x},${f.y}`);
      // A follower in a castle is drawn with its castle.
      if (f.feature === 'castle') continue;
      const figure = f.figure || 'meeple';
      const style = figureStyle(figure);
      // A figure that accompanies a follower (builder, pig) stands beside the follower's spot.
      const [dx, dy] = style.offset || [0, 0];
      // A figure on a corner (the barn) stands where the four tiles meet.
      const [ax0, ay0] = f.corner ? CORNER_XY[f.corner] || [50, 50] : tile ? this.art.anchor(tile.tile, tile.rotation, f.location, tile.bridge) : [50, 50];
      const [ax, ay] = [ax0 + dx, ay0 + dy];
      const lying = f.feature === 'field' && (!style.shape || style.lies);
      const g = s('g', {
        class: `follower figure-${figure} feature-${f.feature}`, 'data-testid': 'follower', 'data-seat': f.seat, 'data-x': f.x, 'data-y': f.y,
        'data-location': f.location, 'data-feature': f.feature, 'data-figure': figure, 'data-corner': f.corner || '',
        transform: `translate(${f.x * TILE + ax},${f.y * TILE + ay})`,
      }, s('title', {}, t('board.figureTitle', { figure: style.label, owner: this.seatName?.(f.seat) ?? t('board.seatN', { n: f.seat + 1 }), feature: featureName(f.feature) })),
      // (The figure scale is a CSS transform: on a child of the positioned group.)
      s('g', { class: 'figure-scale' }, figureShape(style, seatColour(f.seat), { lying, scale: (lying ? 1 : 1.1) * style.scale })));
      this.layers.followers.append(g);
      const key = `${f.seat}/${figure}/${f.x},${f.y}/${f.location}/${f.corner || ''}`;
      current.set(key, [...(current.get(key) || []), g]);
    }
    if (sameGame && state?.status !== 'over') {
      for (const [key, els] of previous) {
        const stayed = (current.get(key) || []).length;
        for (const el of els.slice(stayed)) {
          const ghost = s('g', { class: 'leaving', 'data-testid': 'follower-leaving', 'data-seat': el.dataset.seat, transform: el.getAttribute('transform') },
            s('g', { class: 'leaving-rise' }, ...[...el.childNodes].filter((n) => n.nodeName !== 'title').map((n) => n.cloneNode(true))));
          this.layers.flash.append(ghost);
          setTimeout(() => ghost.remove(), 1200);
          this.svg.dataset.figuresLeft = String(Number(this.svg.dataset.figuresLeft || 0) + 1);
        }
      }
    }
    this.figureEls = current;
    this.figuresOf = state?.game;
    this.figuresVersion = state?.version ?? -1;
  }

  renderPositions(deco) {
    clear(this.layers.positions);
    for (const p of deco.positions || []) {
      const selected = deco.preview && deco.preview.x === p.x && deco.preview.y === p.y;
      const cls = ['position', p.needsBridge === 'all' ? 'needs-bridge' : '', p.needsBridge === 'some' ? 'some-bridge' : '', selected ? 'selected' : ''].join(' ');
      const g = s('g', {
        class: cls, 'data-testid': 'board-position', 'data-x': p.x, 'data-y': p.y, 'data-needs-bridge': p.needsBridge || 'none',
        transform: `translate(${p.x * TILE},${p.y * TILE})`, role: 'button', 'aria-label': t('board.placeAt'),
      },
      s('title', {}, p.needsBridge === 'all' ? t('board.needsBridge') : t('board.placeAt')),
      s('rect', { x: 5, y: 5, width: 90, height: 90, rx: 8, class: 'position-box' }));
      if (p.needsBridge === 'all') {
        g.append(s('text', { x: 50, y: 56, class: 'position-note', 'text-anchor': 'middle' }, t('board.bridgeNote')));
      }
      this.layers.positions.append(this.clickable(g, () => p.onClick?.()));
    }
  }

  renderPreview(preview) {
    clear(this.layers.preview);
    if (!preview) return;
    const g = s('g', {
      class: `preview${preview.needsBridge ? ' needs-bridge' : ''}`, 'data-testid': 'preview-tile', 'data-x': preview.x, 'data-y': preview.y,
      'data-rotation': preview.rotation, 'data-action': preview.action, 'data-rotates': 'true',
      transform: `translate(${preview.x * TILE},${preview.y * TILE})`,
    });
    const art = this.art.use(preview.tile, preview.rotation);
    art.setAttribute('class', 'preview-art');
    g.append(s('title', {}, t('board.previewTitle')), art,
      s('rect', { x: 1, y: 1, width: 98, height: 98, rx: 2, class: 'preview-outline' }));
    this.layers.preview.append(this.clickable(g, () => preview.onRotate?.()));

    if (preview.needsBridge) {
      // (88 units hold the English words; a longer text gets a wider badge.)
      const note = t('board.needsBridge');
      const width = Math.max(88, note.length * 6);
      this.layers.preview.append(s('g', { class: 'preview-badge', transform: `translate(${preview.x * TILE + 50},${preview.y * TILE + 106})`, 'pointer-events': 'none' },
        s('rect', { x: -width / 2, y: -1, width, height: 17, rx: 8.5 }),
        s('text', { x: 0, y: 11.5, 'text-anchor': 'middle' }, note)));
    }
    // The turn and confirm buttons stand beside the tile, off its right edge, so that they hide
    // none of the edges the player is matching. They hang from the edge's middle and are placed
    // inside the marker scale, so however large a phone makes them they stay clear of the tile.
    const button = (dy, label, testid, onClick, cls) => this.clickable(
      s('g', { class: `board-button ${cls}`, 'data-testid': testid, transform: `translate(${preview.x * TILE + 100},${preview.y * TILE + 50})`, role: 'button', 'aria-label': label },
        s('title', {}, label), s('g', { class: 'marker-scale' }, s('g', { transform: `translate(14,${dy})` },
          s('circle', { r: 11 }), s('text', { y: 5, 'text-anchor': 'middle' }, cls === 'confirm' ? '✓' : '⟳')))),
      onClick);
    const two = preview.rotations > 1;
    if (two) this.layers.preview.append(button(-12, t('board.rotate'), 'board-rotate', () => preview.onRotate?.(), 'rotate'));
    this.layers.preview.append(button(two ? 12 : 0, t('board.confirm'), 'board-confirm', () => preview.onConfirm?.(), 'confirm'));
  }

  renderOptions(deco, board) {
    clear(this.layers.options);
    const tiles = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
    for (const m of deco.mechanics || []) m.options?.(this.layers.options, deco, this);
    const markers = deco.markers || [];
    const at = spreadSpots(markers.map((m) => {
      const t = tiles.get(`${m.x},${m.y}`);
      return { tile: `${m.x},${m.y}`, xy: CORNER_XY[m.loc] || (t ? this.art.anchor(t.tile, t.rotation, m.loc, t.bridge) : [50, 50]) };
    }));
    for (const [i, m] of markers.entries()) {
      const [ax, ay] = at[i];
      const g = s('g', {
        class: `spot spot-${m.kind} feature-${m.feature || 'unknown'}${m.chosen ? ' chosen' : ''}`, 'data-testid': m.testid || (m.kind === 'claim' ? 'claim-spot' : 'meeple-spot'), 'data-chosen': m.chosen ? 'true' : null,
        'data-action': m.action, 'data-feature': m.feature || '', 'data-location': m.loc, 'data-figure': m.figure || '', 'data-x': m.x, 'data-y': m.y,
        transform: `translate(${m.x * TILE + ax},${m.y * TILE + ay})`, role: 'button', 'aria-label': m.label,
      }, s('title', {}, m.label));
      const style = figureStyle(m.figure || 'meeple');
      const inner = m.icon ? m.icon() : figureShape(style, m.colour, { lying: m.feature === 'field' && (!style.shape || style.lies), scale: 0.55 * style.scale });
      inner.classList?.add('spot-icon');
      g.append(s('g', { class: 'marker-scale' }, s('circle', { r: 10.5, class: 'spot-ring', stroke: m.colour }), s('g', { class: 'spot-inner' }, inner)));
      this.layers.options.append(this.clickable(g, () => m.onClick?.()));
    }
  }
}

// Spots closer than this (board units; a spot is 21 across with its ring at marker scale 1, so
// this leaves a visible gap) are moved apart.
const SPOT_SPACING = 27;

// The spots' positions on their tiles, moved apart where two of one tile would touch (a city's
// spot and the field's below its wall), each kept inside its tile: [[x, y]] in the spots' order.
export function spreadSpots(spots) {
  const at = spots.map((spot) => [...spot.xy]);
  for (let round = 0; round < 24; round++) {
    let moved = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        if (spots[i].tile !== spots[j].tile) continue;
        let dx = at[j][0] - at[i][0];
        let dy = at[j][1] - at[i][1];
        let d = Math.hypot(dx, dy);
        if (d >= SPOT_SPACING - 0.01) continue;
        if (d < 0.01) [dx, dy, d] = [0, 1, 1]; // one above the other
        const push = (SPOT_SPACING - d) / 2;
        at[i] = [at[i][0] - (dx / d) * push, at[i][1] - (dy / d) * push].map(inside);
        at[j] = [at[j][0] + (dx / d) * push, at[j][1] + (dy / d) * push].map(inside);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return at;
}

const inside = (v) => Math.min(90, Math.max(10, v));

