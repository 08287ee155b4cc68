// Tile pictures, drawn from the server's `catalogue` message (presentation only).
//
// Every tile is drawn once, at rotation 0, into a hidden SVG sprite as <symbol id="tile-art-ID">
// on a 100×100 square (x east, y south); the board, the hand and the deck view place it with
// <use> and rotate it clockwise about the centre. The catalogue gives each segment's ports; the
// shape of a city (cap, corner, band, three sides, whole tile) follows from which edges it touches.
// `anchor()` gives the point where a follower on a feature is drawn, so the board can put markers
// and meeples on the right part of a placed tile.

import { s, clear } from './dom.js';
import { allMechanics } from './mechanics/registry.js';
import { t, onLanguageChange } from './i18n.js';
import { tileWords } from './names.js';

export const PORTS = ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'];
const EDGES = ['N', 'E', 'S', 'W'];
const PORT_XY = {
  NNW: [25, 0], N: [50, 0], NNE: [75, 0],
  ENE: [100, 25], E: [100, 50], ESE: [100, 75],
  SSE: [75, 100], S: [50, 100], SSW: [25, 100],
  WSW: [0, 75], W: [0, 50], WNW: [0, 25],
};
const CENTRE = [50, 50];

// Clockwise quarter turns about the tile centre.
export function rotatePoint([x, y], quarters) {
  let px = x;
  let py = y;
  for (let i = 0; i < ((quarters % 4) + 4) % 4; i++) [px, py] = [100 - py, px];
  return [px, py];
}

export function rotatePort(port, quarters) {
  const index = PORTS.indexOf(port);
  if (index < 0) return port;
  return PORTS[(((index + 3 * quarters) % 12) + 12) % 12];
}

// A board tile's `rotation` is in clockwise quarter turns (0..3); the notation's `r90` is in
// degrees. Accept either: values above 3 are degrees.
export function quartersOf(rotation) {
  const n = Number(rotation) || 0;
  return ((n > 3 ? Math.round(n / 90) : n) % 4 + 4) % 4;
}

export function degreesOf(rotation) {
  return quartersOf(rotation) * 90;
}

// A point on the way from the centre to a border point (where a follower sits).
export function insetPoint(port, factor = 0.6) {
  const [x, y] = PORT_XY[port] || CENTRE;
  return [50 + (x - 50) * factor, 50 + (y - 50) * factor];
}

const edgeOf = (port) => port[0];

// --- city shapes, drawn for a canonical edge set and turned into place ---------------------

const CITY_SHAPES = {
  // one edge (north), semicircular cap
  cap: { fill: 'M0,0 L100,0 C80,36 20,36 0,0 Z', walls: ['M100,0 C80,36 20,36 0,0'], anchor: [50, 13], pennant: [50, 12] },
  // one edge (north), not semicircular: a pointed city reaching towards the middle
  point: { fill: 'M0,0 L100,0 C88,14 66,30 52,56 C40,30 16,16 0,0 Z', walls: ['M100,0 C88,14 66,30 52,56 C40,30 16,16 0,0'], anchor: [50, 16], pennant: [50, 14] },
  // north and east: a corner city with a curved diagonal wall
  corner: { fill: 'M0,0 L100,0 L100,100 C72,64 38,30 0,0 Z', walls: ['M100,100 C72,64 38,30 0,0'], anchor: [70, 28], pennant: [76, 22] },
  // north and south: a band through the tile
  band: { fill: 'M0,0 L100,0 C72,30 72,70 100,100 L0,100 C28,70 28,30 0,0 Z', walls: ['M100,0 C72,30 72,70 100,100', 'M0,100 C28,70 28,30 0,0'], anchor: [50, 24], pennant: [50, 74] },
  // north, east and west: open to the south
  three: { fill: 'M0,0 L100,0 L100,100 C70,64 30,64 0,100 Z', walls: ['M100,100 C70,64 30,64 0,100'], anchor: [50, 36], pennant: [72, 24] },
  full: { fill: 'M0,0 H100 V100 H0 Z', walls: [], anchor: [30, 30], pennant: [26, 24] },
};

// The canonical shape and the quarter turns that bring it onto the segment's edges.
function cityShape(segment) {
  const edges = [...new Set(segment.ports.map(edgeOf))].map((e) => EDGES.indexOf(e)).sort();
  if (edges.length === 4) return { shape: 'full', quarters: 0 };
  if (edges.length === 1) return { shape: segment.castle_base === false ? 'point' : 'cap', quarters: edges[0] };
  if (edges.length === 3) {
    const missing = [0, 1, 2, 3].find((e) => !edges.includes(e));
    return { shape: 'three', quarters: (missing + 2) % 4 };
  }
  const [a, b] = edges;
  if (b - a === 2) return { shape: 'band', quarters: a };
  // adjacent: the first edge clockwise of the pair is where the corner shape's north goes
  const first = b - a === 1 ? a : b; // {0,3} is W+N: starts at W
  return { shape: 'corner', quarters: first };
}

function roadPath(ports, endPoint) {
  const pts = ports.map((p) => PORT_XY[p]);
  if (pts.length === 1) {
    const [x, y] = pts[0];
    const [ex, ey] = endPoint;
    return `M${x},${y} L${ex},${ey}`;
  }
  if (pts.length === 2) {
    const [[x1, y1], [x2, y2]] = pts;
    if (x1 === x2 || y1 === y2) return `M${x1},${y1} L${x2},${y2}`;
    return `M${x1},${y1} Q50,50 ${x2},${y2}`;
  }
  return pts.map(([x, y]) => `M${x},${y} L50,50`).join(' ');
}

function quadPoint([x1, y1], [cx, cy], [x2, y2], t) {
  const a = (1 - t) * (1 - t);
  const b = 2 * (1 - t) * t;
  const c = t * t;
  return [a * x1 + b * cx + c * x2, a * y1 + b * cy + c * y2];
}

function dist([x1, y1], [x2, y2]) {
  return Math.hypot(x1 - x2, y1 - y2);
}

// Works out, for one catalogue tile, everything needed to draw it and place followers on it.
function layoutTile(tile) {
  const segments = tile.segments || [];
  const cities = segments.filter((seg) => seg.kind === 'city');
  const roads = segments.filter((seg) => seg.kind === 'road');
  const hasCloister = segments.some((seg) => seg.kind === 'cloister');
  const bazaar = Boolean(tile.bazaar);
  const deadEnds = roads.filter((r) => r.ports.length === 1);
  const throughRoad = roads.find((r) => r.ports.length === 2);
  const anyCastleBase = cities.some((c) => c.castle_base === true);

  const layout = { tile, cities: [], roads: [], junction: null, cloister: null, bazaar: null, anchors: new Map() };

  // Where the centre pieces go: a cloister beside a through road moves off it.
  let cloisterAt = CENTRE;
  if (hasCloister && throughRoad) {
    const [a, b] = throughRoad.ports.map((p) => PORT_XY[p]);
    if (a[1] === b[1]) cloisterAt = [50, 24];
    else if (a[0] === b[0]) cloisterAt = [76, 50];
  }
  if (hasCloister) layout.cloister = cloisterAt;
  if (bazaar) layout.bazaar = hasCloister ? [50, 76] : CENTRE;
  if (deadEnds.length >= 2 && !bazaar && !hasCloister) layout.junction = CENTRE;

  for (const city of cities) {
    let { shape, quarters } = cityShape(city);
    // A one-edge city not marked castle_base, on a tile whose other caps are, or in an expansion
    // that marks caps at all, is not semicircular: draw it pointed.
    if (shape === 'cap' && city.castle_base !== true && (anyCastleBase || tile.expansion !== 'base')) shape = 'point';
    const def = CITY_SHAPES[shape];
    layout.cities.push({ segment: city, shape, quarters, def });
  }

  // Road ends: at the centre (junction, cloister, bazaar, a city covering the middle) or, when
  // the middle is open field, curving to the gate of a city on a neighbouring edge.
  const centreIsCity = layout.cities.some((c) => ['full', 'three', 'point', 'band'].includes(c.shape));
  for (const road of roads) {
    let d;
    let anchor;
    if (road.ports.length === 1) {
      const port = road.ports[0];
      const start = PORT_XY[port];
      if (deadEnds.length === 1 && !hasCloister && !bazaar && !centreIsCity && layout.cities.length > 0) {
        const edge = EDGES.indexOf(edgeOf(port));
        const neighbours = [(edge + 1) % 4, (edge + 3) % 4];
        const gate = layout.cities.find((c) => c.segment.ports.some((p) => neighbours.includes(EDGES.indexOf(edgeOf(p)))));
        if (gate) {
          const gateEdge = edgeOf(gate.segment.ports[0]);
          const g = { N: [50, 26], E: [74, 50], S: [50, 74], W: [26, 50] }[gateEdge];
          d = `M${start[0]},${start[1]} Q50,50 ${g[0]},${g[1]}`;
          anchor = quadPoint(start, CENTRE, g, 0.3);
        }
      }
      if (!d) {
        // Nothing at the end (no cloister, bazaar, city or other roads): a small junction.
        if (!hasCloister && !bazaar && !centreIsCity && !layout.junction) layout.junction = CENTRE;
        const end = layout.cloister && !throughRoad ? layout.cloister : CENTRE;
        d = roadPath([port], end);
        anchor = [50 + (start[0] - 50) * 0.56, 50 + (start[1] - 50) * 0.56];
      }
    } else {
      d = roadPath(road.ports, CENTRE);
      const [a, b] = road.ports.map((p) => PORT_XY[p]);
      anchor = a[0] === b[0] || a[1] === b[1] ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : quadPoint(a, CENTRE, b, 0.5);
      if (layout.bazaar && dist(anchor, layout.bazaar) < 14) anchor = quadPoint(a, CENTRE, b, 0.25);
      // Two through roads crossing in the middle (TB-B): the second one's follower goes a little
      // along its own road, so the two spots (and followers) do not cover each other.
      if (layout.roads.some((r) => dist(r.anchor, anchor) < 14)) {
        anchor = a[0] === b[0] || a[1] === b[1] ? [a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3] : quadPoint(a, CENTRE, b, 0.25);
      }
    }
    layout.roads.push({ segment: road, d, anchor });
  }

  // Follower anchors, one per segment (by index in the catalogue's list).
  const taken = [];
  if (layout.cloister) taken.push(layout.cloister);
  segments.forEach((seg, index) => {
    let point;
    if (seg.kind === 'cloister') point = layout.cloister;
    else if (seg.kind === 'city') {
      const c = layout.cities.find((entry) => entry.segment === seg);
      point = rotatePoint(c.def.anchor, c.quarters);
    } else if (seg.kind === 'road') point = layout.roads.find((entry) => entry.segment === seg).anchor;
    else if (seg.kind === 'field') {
      const pts = seg.ports.map((p) => insetPoint(p, 0.62));
      point = pts.length ? [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length] : CENTRE; // an enclosed field (`inner`): the middle
      const crowded = (pt) => taken.some((t) => dist(t, pt) < 15) || (layout.bazaar && dist(layout.bazaar, pt) < 16);
      if (crowded(point)) {
        const options = seg.ports.map((p) => insetPoint(p, 0.66));
        options.sort((p, q) => Math.min(...taken.map((t) => dist(t, q))) - Math.min(...taken.map((t) => dist(t, p))));
        if (options.length) point = options[0];
      }
    }
    if (point) {
      layout.anchors.set(index, point);
      if (seg.kind !== 'field') taken.push(point);
    }
  });
  return layout;
}

// A bridge crosses the middle of its tile (drawn 21 units wide); a follower (about 20 units) is
// clear of it this far from the bridge's axis.
const BRIDGE_CLEARANCE = 20;

// A field's follower point moved off a bridge ("NS" or "EW") of its tile when it lies on it:
// to the middle of the field's border points (inset as usual) on the side of the bridge that
// has most of them, the earlier side (north or west) when even. `ports`: the field's border
// points, in board orientation.
function offBridge(point, bridge, ports) {
  const axis = bridge === 'NS' ? 0 : 1; // the coordinate across the bridge
  if (Math.abs(point[axis] - 50) >= BRIDGE_CLEARANCE) return point;
  const clear = ports.map((p) => insetPoint(p, 0.62)).filter((pt) => Math.abs(pt[axis] - 50) >= BRIDGE_CLEARANCE);
  const before = clear.filter((pt) => pt[axis] < 50);
  const after = clear.filter((pt) => pt[axis] > 50);
  const side = after.length > before.length ? after : before;
  if (!side.length) return point;
  return [side.reduce((a, p) => a + p[0], 0) / side.length, side.reduce((a, p) => a + p[1], 0) / side.length];
}

// --- drawing --------------------------------------------------------------------------------

function shieldPath() {
  return 'M-6.5,-7.5 H6.5 V0 C6.5,5 3,7.5 0,9.5 C-3,7.5 -6.5,5 -6.5,0 Z';
}

function drawCloister([x, y]) {
  return s('g', { class: 'cloister', transform: `translate(${x},${y}) scale(1.2)` },
    s('ellipse', { cx: 0, cy: 13, rx: 18, ry: 4, fill: 'rgba(0,0,0,0.18)' }),
    s('rect', { x: -12, y: -4, width: 24, height: 17, fill: '#efe2c4', stroke: '#6b5237', 'stroke-width': 1.2 }),
    s('polygon', { points: '-15,-3 0,-15 15,-3', fill: '#b6412c', stroke: '#6b2a1c', 'stroke-width': 1.2 }),
    s('rect', { x: 6, y: -20, width: 6, height: 15, fill: '#efe2c4', stroke: '#6b5237', 'stroke-width': 1 }),
    s('polygon', { points: '5,-20 9,-26 13,-20', fill: '#b6412c', stroke: '#6b2a1c', 'stroke-width': 0.8 }),
    s('path', { d: 'M-3,13 V6 a3,3 0 0 1 6,0 V13', fill: '#5a3f27' }),
    s('path', { d: 'M9,-31 V-26 M7,-29 H11', stroke: '#5a3f27', 'stroke-width': 1.1 }));
}

function drawBazaar([x, y]) {
  const stripes = [];
  for (let i = 0; i < 6; i++) {
    stripes.push(s('rect', { x: -15 + i * 5, y: -12, width: 5, height: 8, fill: i % 2 ? '#fff6e6' : '#d2452f' }));
  }
  return s('g', { class: 'bazaar', transform: `translate(${x},${y})` },
    s('ellipse', { cx: 0, cy: 12, rx: 18, ry: 4, fill: 'rgba(0,0,0,0.18)' }),
    s('rect', { x: -13, y: -4, width: 26, height: 15, fill: '#a8794a', stroke: '#5e3d1d', 'stroke-width': 1.1 }),
    ...stripes,
    s('path', { d: 'M-15,-4 q2.5,3 5,0 q2.5,3 5,0 q2.5,3 5,0 q2.5,3 5,0 q2.5,3 5,0 q2.5,3 5,0', fill: '#d2452f', stroke: '#7b2316', 'stroke-width': 0.8 }),
    s('rect', { x: -15, y: -12, width: 30, height: 8, fill: 'none', stroke: '#7b2316', 'stroke-width': 1 }),
    s('circle', { cx: -6, cy: 5, r: 3, fill: '#f0b429' }),
    s('circle', { cx: 1, cy: 5, r: 3, fill: '#6aa84f' }),
    s('circle', { cx: 8, cy: 5, r: 3, fill: '#c2185b' }));
}

function drawJunction([x, y]) {
  return s('g', { class: 'junction', transform: `translate(${x},${y})` },
    s('rect', { x: -6, y: -3, width: 12, height: 9, fill: '#efe2c4', stroke: '#6b5237', 'stroke-width': 1 }),
    s('polygon', { points: '-8,-2 0,-9 8,-2', fill: '#9c3b25', stroke: '#5e2414', 'stroke-width': 1 }));
}

function drawTile(layout) {
  const { tile } = layout;
  const g = s('g', { class: 'tile-art' });
  g.append(s('rect', { x: 0, y: 0, width: 100, height: 100, fill: 'url(#grass)' }));

  // Roads under the cities: a road ending at a city gate disappears under the wall.
  for (const road of layout.roads) {
    g.append(s('path', { d: road.d, class: 'road-edge', fill: 'none', stroke: '#9c8a64', 'stroke-width': 11, 'stroke-linecap': 'butt' }));
    g.append(s('path', { d: road.d, class: 'road', fill: 'none', stroke: '#f5eedb', 'stroke-width': 7.5, 'stroke-linecap': 'butt' }));
  }
  for (const city of layout.cities) {
    const cg = s('g', { class: `city city-${city.shape}`, transform: `rotate(${city.quarters * 90} 50 50)` });
    cg.append(s('path', { d: city.def.fill, fill: 'url(#town)' }));
    for (const wall of city.def.walls) {
      cg.append(s('path', { d: wall, fill: 'none', stroke: '#7a5a36', 'stroke-width': 4.5, 'stroke-linecap': 'round' }));
      cg.append(s('path', { d: wall, fill: 'none', stroke: '#e8d3a4', 'stroke-width': 1.6, 'stroke-dasharray': '3 2.5' }));
    }
    const pennants = Number(city.segment.pennants || 0);
    for (let i = 0; i < pennants; i++) {
      const [px, py] = city.def.pennant;
      cg.append(s('g', { class: 'pennant', transform: `translate(${px + i * 15},${py}) rotate(${-city.quarters * 90})` },
        s('path', { d: shieldPath(), fill: '#2457a6', stroke: '#fff', 'stroke-width': 1.4 }),
        s('path', { d: 'M0,-4 V4 M-3.5,-0.5 H3.5', stroke: '#fff', 'stroke-width': 1.3 })));
    }
    g.append(cg);
  }
  if (layout.junction) g.append(drawJunction(layout.junction));
  // What mechanics draw on tiles (inns, cathedrals), from the catalogue's flags.
  for (const m of allMechanics()) m.tileArt?.(layout, g);
  if (layout.cloister) g.append(drawCloister(layout.cloister));
  if (layout.bazaar) g.append(drawBazaar(layout.bazaar));
  g.append(s('rect', { x: 0.4, y: 0.4, width: 99.2, height: 99.2, fill: 'none', stroke: 'rgba(40,50,20,0.35)', 'stroke-width': 0.8 }));
  return g;
}

function drawUnknown(id) {
  return s('g', { class: 'tile-art unknown' },
    s('rect', { x: 0, y: 0, width: 100, height: 100, fill: '#bbb', stroke: '#666' }),
    s('text', { x: 50, y: 56, 'text-anchor': 'middle', 'font-size': 18, fill: '#333' }, id));
}

function sharedDefs() {
  const defs = s('defs');
  defs.append(
    s('pattern', { id: 'grass', patternUnits: 'userSpaceOnUse', width: 25, height: 25 },
      s('rect', { width: 25, height: 25, fill: '#8dbf55' }),
      s('path', { d: 'M4,8 l1.5,-3 l1.5,3 M16,19 l1.5,-3 l1.5,3 M19,6 l1,-2 l1,2 M8,21 l1,-2 l1,2', stroke: '#77a845', 'stroke-width': 0.9, fill: 'none' })),
    s('pattern', { id: 'town', patternUnits: 'userSpaceOnUse', width: 20, height: 20 },
      s('rect', { width: 20, height: 20, fill: '#e0c48e' }),
      s('rect', { x: 2, y: 3, width: 6, height: 4, fill: '#c8694e', opacity: 0.55 }),
      s('rect', { x: 12, y: 12, width: 5, height: 4, fill: '#b95a42', opacity: 0.5 }),
      s('rect', { x: 11, y: 2, width: 4, height: 3, fill: '#d4a373', opacity: 0.8 }),
      s('rect', { x: 3, y: 13, width: 4, height: 4, fill: '#caa36d', opacity: 0.8 })),
  );
  return defs;
}

// The tile art whose sprite is in the page: drawn again when the language changes (the pictures
// carry titles, such as a trade good's or a symbol's name).
let installed = null;
onLanguageChange(() => {
  if (installed) installed.art.installSprite(installed.sprite);
});

export class TileArt {
  constructor(catalogue) {
    this.ports = catalogue.ports || PORTS;
    this.tiles = new Map();
    for (const tile of catalogue.tiles || []) this.tiles.set(tile.id, { tile, layout: layoutTile(tile) });
  }

  has(id) {
    return this.tiles.has(id);
  }

  ids() {
    return [...this.tiles.keys()];
  }

  // Puts every tile's picture into `sprite` (an <svg> element kept in the document).
  installSprite(sprite) {
    installed = { art: this, sprite };
    clear(sprite);
    sprite.append(sharedDefs());
    const defs = s('defs');
    for (const [id, { layout }] of this.tiles) {
      defs.append(s('symbol', { id: symbolId(id), viewBox: '0 0 100 100' }, drawTile(layout)));
    }
    sprite.append(defs);
  }

  // A <use> of a tile picture, rotated clockwise by `rotation` degrees, on a 100×100 square.
  use(id, rotation = 0, attrs = {}) {
    if (!this.tiles.has(id)) return s('g', attrs, drawUnknown(id || '?'));
    return s('use', {
      href: `#${symbolId(id)}`, width: 100, height: 100,
      transform: rotation ? `rotate(${rotation} 50 50)` : undefined, ...attrs,
    });
  }

  // A standalone little <svg> picture of a tile.
  mini(id, { rotation = 0, size = 40, title, className = 'mini-tile', testid } = {}) {
    const svg = s('svg', { viewBox: '0 0 100 100', width: size, height: size, class: className, role: 'img', 'aria-label': title || t('tiles.tileAria', { tile: tileWords(this.tiles.get(id)?.tile) }), 'data-testid': testid, 'data-tile': id });
    if (title) svg.append(s('title', {}, title));
    svg.append(this.use(id, rotation));
    return svg;
  }

  // Where a follower on location `loc` of tile `id` (placed with `rotation`) is drawn, in the
  // placed tile's own 0..100 square (board orientation). A location naming no printed segment
  // (a bridge's end) sits just inside that border point. `bridge` ("NS", "EW" or null) is the
  // bridge on the placed tile: a field's follower is drawn off it, on the field.
  anchor(id, rotation, loc, bridge = null) {
    const entry = this.tiles.get(id);
    const quarters = quartersOf(rotation);
    if (!entry) return loc === 'cloister' ? CENTRE : insetPoint(loc);
    const { tile, layout } = entry;
    if (loc === 'cloister') return rotatePoint(layout.cloister || CENTRE, quarters);
    const printed = rotatePort(loc, -quarters);
    const index = INNER.includes(loc)
      ? innerFields(tile)[INNER.indexOf(loc)] ?? -1
      : tile.segments.findIndex((seg) => seg.kind !== 'cloister' && (seg.ports || []).includes(printed));
    if (index < 0 || !layout.anchors.has(index)) return insetPoint(loc);
    const point = rotatePoint(layout.anchors.get(index), quarters);
    const segment = tile.segments[index];
    if (bridge && segment.kind === 'field') {
      return offBridge(point, bridge, segment.ports.map((p) => rotatePort(p, quarters)));
    }
    return point;
  }

  // What tile `id` turned by `rotation` looks like, as a string: two rotations of a tile give the
  // same string exactly when the turned tiles have the same edges and the same segment layout
  // (every segment's kind, border points after turning, pennants, castle base and inn, and the
  // cities a field borders), so that a player could not tell them apart.
  look(id, rotation) {
    const entry = this.tiles.get(id);
    const quarters = quartersOf(rotation);
    if (!entry) return `${id} r${quarters}`;
    const { tile } = entry;
    const segments = tile.segments || [];
    const portsOf = (seg) => (seg.ports || []).map((p) => rotatePort(p, quarters)).sort((a, b) => PORTS.indexOf(a) - PORTS.indexOf(b)).join(',');
    const parts = segments.map((seg) => [
      seg.kind, portsOf(seg), seg.pennants || 0, seg.castle_base ? 'castle-base' : '', seg.inn ? 'inn' : '',
      (seg.borders || []).map((i) => portsOf(segments[i] || {})).sort().join('+'),
    ].join(' '));
    return parts.sort().join(' | ');
  }

  // The kind of feature at a location of a placed tile (for labels), or null for a bridge end.
  featureAt(id, rotation, loc) {
    if (loc === 'cloister') return 'cloister';
    if (INNER.includes(loc)) return 'field';
    const entry = this.tiles.get(id);
    if (!entry) return null;
    const printed = rotatePort(loc, -quartersOf(rotation));
    const seg = entry.tile.segments.find((segment) => (segment.ports || []).includes(printed));
    return seg ? seg.kind : null;
  }

  isBazaar(id) {
    return Boolean(this.tiles.get(id)?.tile.bazaar);
  }

  // Whether the catalogue marks a tile with `flag` (volcano, dragon, portal, bazaar, abbey...).
  marked(id, flag) {
    return Boolean(this.tiles.get(id)?.tile[flag]);
  }
}

// Enclosed fields (no border point) are named `inner`, `inner2` in their order on the tile.
const INNER = ['inner', 'inner2'];
function innerFields(tile) {
  return (tile.segments || []).map((seg, i) => (seg.kind === 'field' && !(seg.ports || []).length ? i : -1)).filter((i) => i >= 0);
}

export function symbolId(id) {
  return `tile-art-${String(id).replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

// Meeple outline, about 20 units tall, centred on 0,0.
export const MEEPLE_PATH =
  'M0,-10 C2.8,-10 4.2,-8 4.2,-5.8 C4.2,-4.6 3.7,-3.7 3,-3 L9,-1.2 C10.6,-0.7 10.6,2.4 9,2.6 L4.4,2.6 ' +
  'L8.2,9.2 C8.6,10 8,10.6 7.2,10.6 L2.2,10.6 L0,6.4 L-2.2,10.6 L-7.2,10.6 C-8,10.6 -8.6,10 -8.2,9.2 ' +
  'L-4.4,2.6 L-9,2.6 C-10.6,2.4 -10.6,-0.7 -9,-1.2 L-3,-3 C-3.7,-3.7 -4.2,-4.6 -4.2,-5.8 C-4.2,-8 -2.8,-10 0,-10 Z';

export const SEAT_COLOURS = ['#e0413a', '#2f7de1', '#f2c230', '#3f3f46', '#9b4dca', '#19a97b'];
export const SEAT_COLOUR_NAMES = ['red', 'blue', 'yellow', 'black', 'purple', 'green'];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}
