// Inns and cathedrals (Inns & Cathedrals): drawn on the tiles whose catalogue segments carry the
// `inn` (roads) and `cathedral` (cities) flags. Their effect on scoring is the server's.

import { s } from '../dom.js';
import { rotatePoint } from '../tiles.js';
import { registerMechanic } from './registry.js';

function drawInn([x, y]) {
  return s('g', { class: 'inn', 'data-testid': 'inn', transform: `translate(${x},${y})` },
    s('ellipse', { cx: 7, cy: 4, rx: 8, ry: 5, fill: '#5aa9e6', stroke: '#2f6f9f', 'stroke-width': 0.8 }),
    s('rect', { x: -9, y: -5, width: 10, height: 8, fill: '#efe2c4', stroke: '#6b5237', 'stroke-width': 0.8 }),
    s('polygon', { points: '-11,-4 -4,-10 3,-4', fill: '#3f6fa8', stroke: '#23446b', 'stroke-width': 0.8 }));
}

function drawCathedral([x, y]) {
  return s('g', { class: 'cathedral', 'data-testid': 'cathedral', transform: `translate(${x},${y})` },
    s('ellipse', { cx: 0, cy: 12, rx: 15, ry: 3.5, fill: 'rgba(0,0,0,0.2)' }),
    s('rect', { x: -11, y: -3, width: 22, height: 15, fill: '#d9d4c7', stroke: '#4e4a40', 'stroke-width': 1 }),
    s('polygon', { points: '-13,-2 0,-11 13,-2', fill: '#6b6f8a', stroke: '#3a3d52', 'stroke-width': 1 }),
    s('rect', { x: -4, y: -22, width: 8, height: 20, fill: '#d9d4c7', stroke: '#4e4a40', 'stroke-width': 1 }),
    s('polygon', { points: '-5,-22 0,-31 5,-22', fill: '#6b6f8a', stroke: '#3a3d52', 'stroke-width': 0.9 }),
    s('circle', { cx: 0, cy: -14, r: 2.2, fill: '#f4d35e', stroke: '#4e4a40', 'stroke-width': 0.6 }),
    s('path', { d: 'M-3,12 V6 a3,3 0 0 1 6,0 V12', fill: '#4e3a28' }));
}

registerMechanic({
  names: ['inn', 'cathedral'],

  tileArt(layout, g) {
    for (const road of layout.roads) {
      if (!road.segment.inn) continue;
      const [ax, ay] = road.anchor;
      const horizontal = road.segment.ports.every((p) => p === 'E' || p === 'W');
      g.append(drawInn(horizontal ? [ax, ay - 15] : [ax + 16, ay]));
    }
    for (const city of layout.cities) {
      if (!city.segment.cathedral) continue;
      // In the middle of a whole-tile city; else beside the follower's spot, towards the centre.
      const point = city.shape === 'full' ? [56, 58] : rotatePoint(city.def.anchor, city.quarters);
      g.append(drawCathedral(city.shape === 'full' ? point : [point[0] + (50 - point[0]) * 0.45, point[1] + (50 - point[1]) * 0.45]));
    }
  },
});
