// snakecube step player: shows the solutions of snake cubes in 3D, cubelet
// by cubelet, with the hand-level steps beside the picture. It loads
// nothing and needs no library. The contract is written in the doc of the
// Go package github.com/snakecube/snakecube/internal/fold:
//
//   var player = SnakePlayer.mount(element, data);
//
// data is {box: [A, B, C], snakes: [{key, box?, solutions: [{startPos,
// direction}]}]}, with startPos the cell of cubelet 1 and direction the
// moves as codes 1 -1 2 -2 3 -3 for +x -x +y -y +z -z (the catalogue
// schema; other fields are ignored).
(function (root) {
  'use strict';

  var CSS = [
    '.snake-player{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;color:#222;max-width:1180px;outline:none}',
    '.snake-player *{box-sizing:border-box}',
    '.sp-bar{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;margin:0 0 10px}',
    '.sp-bar label{display:flex;gap:6px;align-items:center}',
    '.sp-snake{max-width:min(100%,46em);font:inherit;font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:13px;padding:3px}',
    '.sp-sol{width:5.5em;font:inherit;padding:2px 4px}',
    '.snake-player button{font:inherit;min-width:2.4em;padding:3px 9px;border:1px solid #b9b2a6;border-radius:5px;background:#fbfaf7;color:#222;cursor:pointer}',
    '.snake-player button:hover{background:#f1ece3}',
    '.snake-player button svg{vertical-align:-2px}',
    '.snake-player button:disabled{color:#aaa;cursor:default;background:#f6f6f6}',
    '.sp-main{display:flex;gap:18px;align-items:flex-start}',
    '.sp-stage{flex:1 1 560px;min-width:240px}',
    '.sp-side{flex:0 1 340px;min-width:220px}',
    '@media (max-width:760px){.sp-main{flex-direction:column}.sp-side,.sp-stage{flex:none;width:100%}}',
    '.sp-canvas{display:block;width:100%;background:#f8f6f1;border:1px solid #ddd7cc;border-radius:8px;cursor:grab;touch-action:none}',
    '.sp-canvas.sp-drag{cursor:grabbing}',
    '.sp-act{margin-top:8px}',
    '.sp-words{min-height:4.2em;font-size:15px;color:#444}',
    '.sp-words b{display:block;font-size:clamp(22px,6.4vw,32px);line-height:1.2;color:#111;font-weight:650;overflow-wrap:anywhere}',
    '.sp-big{display:flex;gap:10px;margin-top:6px}',
    '.snake-player .sp-big button{flex:1 1 0;min-height:56px;font-size:21px;font-weight:600;border-radius:10px}',
    '.snake-player .sp-big .sp-next{background:#e8701e;border-color:#c85a10;color:#fff}',
    '.snake-player .sp-big .sp-next:disabled{background:#f3d5bd;border-color:#e9c4a4;color:#fff}',
    '.sp-hint label{white-space:nowrap}',
    '.sp-differ{flex:1 1 100%;color:#444;font-size:14px}',
    '@media (orientation:landscape) and (max-height:560px){.sp-main{flex-direction:column}.sp-side,.sp-stage{flex:none;width:100%}' +
      '.sp-fold{display:flex;gap:12px;align-items:stretch}.sp-fold .sp-canvas{flex:1 1 0;min-width:0;width:auto}' +
      '.sp-act{flex:0 0 44%;margin:0;display:flex;flex-direction:column;justify-content:center}.sp-words b{font-size:26px}}',
    '.sp-awake{display:block}',
    '.sp-controls{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin-top:8px}',
    '.sp-slider{flex:1 1 160px;accent-color:#e8701e}',
    '.sp-pos{min-width:13em;font-variant-numeric:tabular-nums}',
    '.sp-hint{color:#666;font-size:13px;margin-top:4px}',
    '.sp-side h3{font-size:15px;margin:0 0 4px}',
    '.sp-about{color:#555;font-size:13px;margin:0 0 8px}',
    '.sp-steps{position:relative;list-style:none;margin:0;padding:0;max-height:470px;overflow:auto;border:1px solid #ddd7cc;border-radius:8px;background:#fff}',
    '.sp-steps li{padding:3px 10px;border-bottom:1px solid #f0ede7;cursor:pointer;font-variant-numeric:tabular-nums}',
    '.sp-steps li:hover{background:#f7f3ec}',
    '.sp-steps li.sp-now{background:#ffe2c4}',
    '.sp-steps b{display:inline-block;min-width:2.2em}',
    '.sp-steps .sp-run{color:#666}',
    '.sp-frame{color:#555;font-size:13px;margin-top:8px}',
    '.sp-error{color:#a00;font-weight:600}',
    '.sp-none{padding:60px 20px;text-align:center;color:#444;font-size:17px;background:#f8f6f1;border:1px solid #ddd7cc;border-radius:8px}'
  ].join('\n');

  var VEC = {'1': [1, 0, 0], '-1': [-1, 0, 0], '2': [0, 1, 0], '-2': [0, -1, 0], '3': [0, 0, 1], '-3': [0, 0, -1]};
  var WORD = {'1': '+x (right)', '-1': '-x (left)', '2': '+y (back)', '-2': '-y (front)', '3': '+z (up)', '-3': '-z (down)'};

  function cross(a, b) {
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  }
  function same(a, b) { return a[0] === b[0] && a[1] === b[1] && a[2] === b[2]; }
  function neg(a) { return [-a[0], -a[1], -a[2]]; }
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

  // twistOf names the turn into next of a chain running along cur after a
  // turn from prev, as package fold does: looking along cur with the run
  // before the turn (along -prev) pointing up, right is prev x cur.
  function twistOf(prev, cur, next) {
    if (same(next, neg(prev))) { return 'U'; }
    if (same(next, prev)) { return 'zigzag'; }
    if (same(next, cross(prev, cur))) { return 'twist right'; }
    return 'twist left';
  }

  // steps returns the hand-level steps of a folding's moves: {cubelet,
  // twist, run}, the cubelet numbered from 1, as fold.Steps.
  function steps(direction) {
    var out = [];
    if (!direction.length) { return out; }
    out.push({cubelet: 1, twist: 'start', run: 1});
    var prev = null;
    for (var i = 1; i < direction.length; i++) {
      var last = out[out.length - 1];
      if (Math.abs(direction[i]) === Math.abs(direction[i - 1])) { last.run++; continue; }
      var cur = VEC[direction[i - 1]];
      var t = out.length > 1 ? twistOf(prev, cur, VEC[direction[i]]) : 'bend';
      prev = cur;
      out.push({cubelet: i + 1, twist: t, run: 1});
    }
    return out;
  }

  function stepText(s) {
    return 'cubelet ' + s.cubelet + ': ' + s.twist + ', ' + s.run + ' to cubelet ' + (s.cubelet + s.run);
  }

  function isBox(b) {
    if (!Array.isArray(b) || b.length !== 3) { return false; }
    for (var a = 0; a < 3; a++) {
      if (b[a] !== Math.floor(b[a]) || b[a] < 1 || b[a] > 64) { return false; }
    }
    var n = b[0] * b[1] * b[2];
    return n >= 2 && n <= 64;
  }

  // cellsOf returns the cells of a solution, or throws an Error naming
  // the first thing wrong with it.
  function cellsOf(box, sol) {
    var p = sol && sol.startPos, d = sol && sol.direction;
    if (!Array.isArray(p) || p.length !== 3 || !Array.isArray(d)) {
      throw new Error('want {startPos: [x, y, z], direction: [...]}');
    }
    if (d.length !== box[0] * box[1] * box[2] - 1) {
      throw new Error(d.length + ' moves, want ' + (box[0] * box[1] * box[2] - 1) + ' for the ' + box.join('x') + ' box');
    }
    var seen = {}, cells = [], c = p.slice();
    for (var i = 0; i <= d.length; i++) {
      if (i > 0) {
        var v = VEC[d[i - 1]];
        if (!v) { throw new Error('move ' + i + ': code ' + JSON.stringify(d[i - 1]) + ' is not one of 1 -1 2 -2 3 -3'); }
        c = [c[0] + v[0], c[1] + v[1], c[2] + v[2]];
      }
      for (var a = 0; a < 3; a++) {
        if (!(c[a] >= 0 && c[a] < box[a])) { throw new Error('cubelet ' + (i + 1) + ' lies outside the box, at (' + c.join(',') + ')'); }
      }
      var k = c.join(',');
      if (seen[k]) { throw new Error('cubelet ' + (i + 1) + ' enters cell (' + k + ') a second time'); }
      seen[k] = true;
      cells.push(c);
    }
    return cells;
  }

  // The camera: yaw turns about the vertical z axis, pitch raises it.
  function camera(yaw, pitch) {
    var sy = Math.sin(yaw), cy = Math.cos(yaw), sp = Math.sin(pitch), cp = Math.cos(pitch);
    return {right: [cy, sy, 0], up: [-sp * sy, sp * cy, cp], toward: [cp * sy, -cp * cy, sp]};
  }
  var YAW = 32 * Math.PI / 180, PITCH = 28 * Math.PI / 180;
  var LIGHT = [-0.25, -0.45, 0.86];
  var WOOD = [[236, 205, 160], [166, 112, 68]], NEXT = [[255, 170, 80], [236, 112, 30]];
  var BOX_EDGES = [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]];

  function rgb(c, s) {
    return 'rgb(' + Math.round(c[0] * s) + ',' + Math.round(c[1] * s) + ',' + Math.round(c[2] * s) + ')';
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  // The buttons' icons, drawn rather than taken from a font that may lack
  // them: paths in a 16 by 16 box.
  var ICONS = {
    first: 'M3 3h2v10H3zM13 3v10L6 8z', back: 'M11 3v10L4 8z', play: 'M4 2.5v11L13 8z',
    pause: 'M4 3h3v10H4zM9 3h3v10H9z', forward: 'M5 3v10l7-5z', last: 'M3 3v10l7-5zM11 3h2v10h-2z'
  };
  function setIcon(b, path, text) {
    b.textContent = '';
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg'), p = document.createElementNS(ns, 'path');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('width', '14');
    svg.setAttribute('height', '14');
    svg.setAttribute('aria-hidden', 'true');
    p.setAttribute('d', path);
    p.setAttribute('fill', 'currentColor');
    svg.appendChild(p);
    b.appendChild(svg);
    if (text) { b.appendChild(document.createTextNode(' ' + text)); }
  }
  function iconButton(cls, path, text) {
    var b = el('button', cls);
    b.type = 'button';
    setIcon(b, path, text);
    return b;
  }

  function injectStyle() {
    if (document.getElementById('snake-player-style')) { return; }
    var s = el('style');
    s.id = 'snake-player-style';
    s.textContent = CSS;
    document.head.appendChild(s);
  }

  // draw paints the box and cubelets 1..pos of cells, the cubelet pos
  // highlighted, in painter's order: farthest first. Cubes of a grid seen
  // orthographically never overlap out of that order. Cubelets before
  // from, counted from 0, are drawn as faint ghosts without numbers, so
  // that the last steps stand out in a large box.
  function draw(cv, box, cells, pos, cam, seeThrough, from) {
    from = from || 0;
    var dpr = root.devicePixelRatio || 1;
    var W = cv.clientWidth, H = cv.clientHeight;
    if (cv.width !== Math.round(W * dpr) || cv.height !== Math.round(H * dpr)) {
      cv.width = Math.round(W * dpr);
      cv.height = Math.round(H * dpr);
    }
    var g = cv.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, W, H);
    var R = 0.5 * Math.sqrt(box[0] * box[0] + box[1] * box[1] + box[2] * box[2]);
    var scale = Math.min(W, H) / (2 * R) * 0.94;
    function P(p) { return [W / 2 + scale * dot(p, cam.right), H / 2 - scale * dot(p, cam.up)]; }
    function ctr(c) { return [c[0] - (box[0] - 1) / 2, c[1] - (box[1] - 1) / 2, c[2] - (box[2] - 1) / 2]; }

    drawBox(g, P, box);

    var h = seeThrough ? 0.42 : 0.39;
    var items = paintItems(cells.slice(0, pos).map(ctr), h, cam, !seeThrough);
    items.sort(function (x, y) { return x.depth - y.depth; });
    var font = Math.max(9, Math.round(scale * (seeThrough ? 0.26 : 0.3)));
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.lineJoin = 'round';
    items.forEach(function (it) {
      if (it.cube === undefined) {
        var a = P(it.a), b = P(it.b);
        g.strokeStyle = '#7a1f1f';
        g.lineWidth = Math.max(2, scale * 0.07);
        g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.stroke();
        return;
      }
      if (it.cube < from) {
        g.globalAlpha = 0.1;
        drawCube(g, P, it.c, h, it.cube, false, cam, true, font);
        g.globalAlpha = 1;
        return;
      }
      drawCube(g, P, it.c, h, it.cube, it.cube === pos - 1, cam, seeThrough, font);
    });
    if (seeThrough) {
      g.strokeStyle = '#7a1f1f';
      g.lineWidth = Math.max(2, scale * 0.06);
      g.beginPath();
      for (var j = from; j < pos; j++) {
        var q = P(ctr(cells[j]));
        if (j === from) { g.moveTo(q[0], q[1]); } else { g.lineTo(q[0], q[1]); }
      }
      g.stroke();
      for (var m = from; m < pos; m++) {
        label(g, P(ctr(cells[m])), m, m === pos - 1, font, true);
      }
    }
    if (pos > 0) { outline(g, P, ctr(cells[pos - 1]), h, scale); }
  }

  // drawBox draws the box's twelve edges, thin, under everything.
  function drawBox(g, P, box) {
    var corners = [];
    for (var k = 0; k < 8; k++) {
      corners.push([(k & 1 ? 0.5 : -0.5) * box[0], (k & 2 ? 0.5 : -0.5) * box[1], (k & 4 ? 0.5 : -0.5) * box[2]]);
    }
    g.strokeStyle = '#b8b2a8';
    g.lineWidth = 1;
    BOX_EDGES.forEach(function (e) {
      var a = P(corners[e[0]]), b = P(corners[e[1]]);
      g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.stroke();
    });
  }

  // paintItems returns what a picture paints, each with its depth: the
  // cubes of half side h centred at cs and, with links, the elastic
  // between two cubes where it shows, in the gap.
  function paintItems(cs, h, cam, links) {
    var items = [];
    cs.forEach(function (c, i) {
      items.push({depth: dot(c, cam.toward), cube: i, c: c});
      var n = cs[i + 1];
      if (n && links) {
        var u = [n[0] - c[0], n[1] - c[1], n[2] - c[2]];
        items.push({depth: dot([(c[0] + n[0]) / 2, (c[1] + n[1]) / 2, (c[2] + n[2]) / 2], cam.toward),
          a: [c[0] + h * u[0], c[1] + h * u[1], c[2] + h * u[2]], b: [n[0] - h * u[0], n[1] - h * u[1], n[2] - h * u[2]]});
      }
    });
    return items;
  }

  function drawCube(g, P, c, h, i, now, cam, seeThrough, font) {
    var col = (now ? NEXT : WOOD)[i % 2];
    var best = null, bestT = 0, alpha = g.globalAlpha;
    g.globalAlpha = alpha * (seeThrough && !now ? 0.5 : 1);
    for (var a = 0; a < 3; a++) {
      for (var s = 1; s >= -1; s -= 2) {
        var nrm = [0, 0, 0];
        nrm[a] = s;
        var t = dot(nrm, cam.toward);
        if (t <= 1e-9) { continue; }
        var b = (a + 1) % 3, e = (a + 2) % 3, pts = [];
        [[-1, -1], [1, -1], [1, 1], [-1, 1]].forEach(function (uv) {
          var p = c.slice();
          p[a] += s * h; p[b] += uv[0] * h; p[e] += uv[1] * h;
          pts.push(P(p));
        });
        g.fillStyle = rgb(col, 0.55 + 0.45 * Math.max(0, dot(nrm, LIGHT)));
        g.strokeStyle = now ? '#7a3000' : '#4a3420';
        g.lineWidth = 1;
        g.beginPath();
        g.moveTo(pts[0][0], pts[0][1]);
        for (var k = 1; k < 4; k++) { g.lineTo(pts[k][0], pts[k][1]); }
        g.closePath();
        g.fill();
        g.stroke();
        if (t > bestT) { bestT = t; best = pts; }
      }
    }
    g.globalAlpha = alpha;
    if (!seeThrough && best) {
      label(g, [(best[0][0] + best[2][0]) / 2, (best[0][1] + best[2][1]) / 2], i, now, font);
    }
  }

  // label writes cubelet i's number at a point: on its face in the wood's
  // contrasting ink, or, over a see-through picture, dark on a white halo.
  function label(g, at, i, now, font, halo) {
    g.font = 'bold ' + font + 'px system-ui,"DejaVu Sans",Arial,sans-serif';
    if (halo) {
      g.strokeStyle = 'rgba(255,255,255,0.85)';
      g.lineWidth = Math.max(3, font * 0.22);
      g.strokeText(String(i + 1), at[0], at[1] + 1);
    }
    g.fillStyle = now || halo ? '#111' : (i % 2 ? '#fff' : '#222');
    g.fillText(String(i + 1), at[0], at[1] + 1);
  }

  // outline draws the highlighted cubelet's edges over everything, dashed,
  // so that it shows even behind others.
  function outline(g, P, c, h, scale) {
    g.save();
    g.setLineDash([Math.max(3, scale * 0.08), Math.max(3, scale * 0.06)]);
    g.strokeStyle = '#d9480f';
    g.lineWidth = 2;
    for (var a = 0; a < 3; a++) {
      for (var k = 0; k < 4; k++) {
        var p = c.slice(), q = c.slice(), b = (a + 1) % 3, e = (a + 2) % 3;
        p[a] -= h; q[a] += h;
        p[b] += (k & 1 ? h : -h); q[b] = p[b];
        p[e] += (k & 2 ? h : -h); q[e] = p[e];
        var x = P(p), y = P(q);
        g.beginPath(); g.moveTo(x[0], x[1]); g.lineTo(y[0], y[1]); g.stroke();
      }
    }
    g.restore();
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // mount builds a player in element for data and returns its controller.
  function mount(element, data, options) {
    options = options || {};
    injectStyle();
    element.classList.add('snake-player');
    element.tabIndex = 0;
    element.textContent = '';
    try {
      return new Player(element, checkData(data), options).controller();
    } catch (err) {
      element.textContent = '';
      element.appendChild(el('p', 'sp-error', 'Cannot show these solutions: ' + err.message));
      element.setAttribute('data-error', err.message);
      throw err;
    }
  }

  function checkData(data) {
    if (!data || !Array.isArray(data.snakes)) { throw new Error('want {box: [A, B, C], snakes: [...]}'); }
    var list = data.snakes.map(function (s, i) {
      var box = s.box || data.box;
      if (!isBox(box)) { throw new Error('snake ' + (i + 1) + ': no box of 2 to 64 cells'); }
      var sols = s.solutions || [];
      var total = typeof s.total === 'number' && s.total > sols.length ? s.total : sols.length;
      return {key: String(s.key || ''), box: box, solutions: sols, total: total, differ: typeof s.differ === 'string' ? s.differ : ''};
    });
    if (!list.length) { throw new Error('no snake to show'); }
    return list;
  }

  var ABOUT = 'The first turn is a bend; each later turn is told against the turn before: U turns the same way (the chain curls back), zigzag the opposite way, twist left or right a quarter turn out of their plane, seen looking along the chain from the turn before with the run that led into it pointing up. Then so many cubelets run on to the next turn.';
  var NO_SOLUTION = 'This snake does not fold into its box: no solution to show.';

  function add(parent, children) {
    children.forEach(function (c) { parent.appendChild(c); });
    return parent;
  }

  // chooser builds the choice of snake and of solution.
  function chooser(snakes) {
    var u = {bar: el('div', 'sp-bar'), snake: el('select', 'sp-snake'), solLabel: el('label', '', 'Solution'),
      prevSol: el('button', 'sp-prevsol', '\u2039'), sol: el('input', 'sp-sol'), solOf: el('span', 'sp-solof'),
      nextSol: el('button', 'sp-nextsol', '\u203a')};
    snakes.forEach(function (s, i) {
      var o = el('option', '', (i + 1) + '. ' + s.box.join('x') + ', ' + plural(s.total, 'solution') + ': ' + s.key);
      o.value = i;
      u.snake.appendChild(o);
    });
    u.sol.type = 'number';
    u.sol.min = 1;
    u.prevSol.title = 'previous solution';
    u.nextSol.title = 'next solution';
    add(u.solLabel, [u.prevSol, u.sol, u.solOf, u.nextSol]);
    if (snakes.length === 1) {
      u.bar.appendChild(el('span', 'sp-key', 'Snake ' + snakes[0].key + ' (' + snakes[0].box.join('x') + ')'));
    } else {
      u.bar.appendChild(add(el('label', '', 'Snake'), [u.snake]));
    }
    u.bar.appendChild(u.solLabel);
    u.differ = el('div', 'sp-differ');
    u.bar.appendChild(u.differ);
    return u;
  }

  // RECENT is how many steps "only the last steps" shows in full: the
  // run being laid and the two it turns from, enough to see the turns.
  var RECENT = 3;

  // SIDE is when the folding view puts the words and buttons beside the
  // picture rather than under it: a phone held sideways.
  var SIDE = '(orientation:landscape) and (max-height:560px)';

  // stage builds the picture, its controls and the steps beside it.
  function stage(u) {
    u.stage = el('div', 'sp-stage');
    u.canvas = el('canvas', 'sp-canvas');
    u.canvas.setAttribute('role', 'img');
    u.canvas.setAttribute('aria-label', 'the box in 3D');
    u.none = el('div', 'sp-none', NO_SOLUTION);
    u.first = iconButton('sp-first', ICONS.first);
    u.back = iconButton('sp-back', ICONS.back);
    u.play = iconButton('sp-play', ICONS.play, 'Play');
    u.fwd = iconButton('sp-forward', ICONS.forward);
    u.last = iconButton('sp-last', ICONS.last);
    u.first.title = 'first cubelet (Home)';
    u.back.title = 'one cubelet back';
    u.play.title = 'play or pause (P)';
    u.fwd.title = 'one cubelet on';
    u.last.title = 'all cubelets (End)';
    // The folding view: the step in words, large, right under the
    // picture, and the next and back steps as large targets, so that a
    // person holding the toy in both hands sees the picture and the words
    // together and steps with a thumb, a key or a tap on the picture.
    u.now = el('div', 'sp-words');
    u.now.setAttribute('data-step-now', '');
    u.now.setAttribute('aria-live', 'polite');
    u.stepBack = el('button', 'sp-stepback', '\u2039 Back');
    u.stepBack.type = 'button';
    u.stepBack.setAttribute('data-back', '');
    u.stepBack.title = 'the step before (\u2190)';
    u.next = el('button', 'sp-next', 'Next \u203a');
    u.next.type = 'button';
    u.next.setAttribute('data-next', '');
    u.next.title = 'the next step (space, \u2192, or a tap on the picture)';
    u.act = add(el('div', 'sp-act'), [u.now, add(el('div', 'sp-big'), [u.stepBack, u.next])]);
    u.fold = add(el('div', 'sp-fold'), [u.canvas, u.act]);
    u.slider = el('input', 'sp-slider');
    u.slider.type = 'range';
    u.slider.min = 1;
    u.pos = el('span', 'sp-pos');
    u.controls = add(el('div', 'sp-controls'), [u.first, u.back, u.play, u.fwd, u.last, u.slider, u.pos]);
    u.see = el('input', 'sp-see');
    u.see.type = 'checkbox';
    u.see.checked = true;
    u.recent = el('input', 'sp-recent');
    u.recent.type = 'checkbox';
    u.speak = el('input', 'sp-speak');
    u.speak.type = 'checkbox';
    u.front = el('button', 'sp-front', 'front view');
    u.front.type = 'button';
    u.awake = el('span', 'sp-awake');
    u.hint = add(el('div', 'sp-hint', 'Tap the picture for the next step; drag it to turn the box. '),
      [u.front, document.createTextNode(' '),
        add(el('label'), [u.see, document.createTextNode(' see through')]), document.createTextNode(' '),
        add(el('label'), [u.recent, document.createTextNode(' only the last ' + RECENT + ' steps')]), document.createTextNode(' '),
        add(el('label', 'sp-speaks'), [u.speak, document.createTextNode(' speak the steps')]), document.createTextNode(' '), u.awake]);
    if (!root.speechSynthesis || !root.SpeechSynthesisUtterance) { u.hint.querySelector('.sp-speaks').style.display = 'none'; }
    add(u.stage, [u.fold, u.none, u.controls, u.hint]);
    u.list = el('ol', 'sp-steps');
    u.frame = el('div', 'sp-frame');
    u.side = add(el('div', 'sp-side'), [el('h3', '', 'Steps'), el('p', 'sp-about', ABOUT), u.list, u.frame]);
    u.main = add(el('div', 'sp-main'), [u.stage, u.side]);
    return u;
  }

  // Player is one mounted player: its snakes, what it shows, its elements.
  function Player(element, snakes, options) {
    this.element = element;
    this.snakes = snakes;
    this.options = options;
    var big = snakes.some(function (s) { return s.box[0] * s.box[1] * s.box[2] >= 64; });
    this.st = {snake: 0, solution: 0, pos: 1, yaw: YAW, pitch: PITCH, seeThrough: true, recent: big, timer: null};
    this.cells = [];
    this.steps = [];
    this.err = '';
    this.ui = stage(chooser(snakes));
    this.ui.recent.checked = this.st.recent;
    add(element, [this.ui.bar, this.ui.main]);
    this.bind();
    this.bindDrag();
    this.load();
    this.update();
  }

  Player.prototype.count = function () { return this.cells.length; };

  // load reads the chosen solution: its cells and its steps.
  Player.prototype.load = function () {
    var st = this.st, s = this.snakes[st.snake], sol = s.solutions[st.solution], u = this.ui;
    this.err = '';
    this.cells = [];
    this.steps = [];
    if (sol) {
      try {
        this.cells = cellsOf(s.box, sol);
        this.steps = steps(sol.direction);
      } catch (e) {
        this.err = 'snake ' + (st.snake + 1) + ', solution ' + (st.solution + 1) + ': ' + e.message;
        this.cells = [];
        this.steps = [];
      }
    }
    this.fillSteps();
    u.frame.textContent = '';
    if (sol && !this.err) {
      var d = sol.direction, t = this.steps.length > 1 ? this.steps[1].cubelet - 1 : -1;
      u.frame.textContent = 'Cubelet 1 sits in cell (' + this.cells[0].join(',') + '); the first run goes ' + WORD[d[0]] +
        (t >= 0 ? ', the first bend turns ' + WORD[d[t]] : '') + '.';
    }
    u.slider.max = Math.max(1, this.cells.length);
    st.pos = Math.min(Math.max(1, st.pos), Math.max(1, this.cells.length));
  };

  // fillSteps lists the steps; a click on one shows its first cubelet.
  Player.prototype.fillSteps = function () {
    var self = this, list = this.ui.list;
    list.textContent = '';
    this.steps.forEach(function (p, k) {
      var li = el('li');
      li.setAttribute('data-step', stepText(p));
      li.appendChild(el('b', '', String(p.cubelet)));
      li.appendChild(document.createTextNode(p.twist + ' '));
      var end = p.cubelet + p.run === self.cells.length ? ', the end' : '';
      li.appendChild(el('span', 'sp-run', '\u00b7 ' + p.run + ' to cubelet ' + (p.cubelet + p.run) + end));
      li.addEventListener('click', function () { self.go(k === 0 ? 1 : p.cubelet + 1); });
      list.appendChild(li);
    });
  };

  // update shows the state: controls, text, the current step, the
  // element's data attributes, and the picture.
  Player.prototype.update = function () {
    var st = this.st, u = this.ui, n = this.count(), sols = this.snakes[st.snake].solutions.length, has = n > 0;
    u.snake.value = String(st.snake);
    u.sol.value = sols ? st.solution + 1 : 0;
    u.sol.max = sols;
    var total = this.snakes[st.snake].total;
    u.solOf.textContent = 'of ' + total + (total > sols ? ' (the first ' + sols + ' shown)' : '');
    var differ = this.snakes[st.snake].differ;
    u.differ.textContent = differ ? differ.charAt(0).toUpperCase() + differ.slice(1) + '.' : '';
    u.differ.style.display = differ ? '' : 'none';
    u.prevSol.disabled = st.solution <= 0;
    u.nextSol.disabled = st.solution >= sols - 1;
    [u.canvas, u.act, u.controls, u.hint, u.side].forEach(function (x) { x.style.display = has ? '' : 'none'; });
    u.solLabel.style.display = sols ? '' : 'none';
    u.none.style.display = has ? 'none' : '';
    u.none.textContent = this.err ? 'Cannot show this solution: ' + this.err : NO_SOLUTION;
    u.first.disabled = u.back.disabled = u.stepBack.disabled = !has || st.pos <= 1;
    u.fwd.disabled = u.last.disabled = u.next.disabled = !has || st.pos >= n;
    u.play.disabled = u.slider.disabled = !has;
    u.slider.value = st.pos;
    setIcon(u.play, st.timer ? ICONS.pause : ICONS.play, st.timer ? 'Pause' : 'Play');
    var c = has ? this.cells[st.pos - 1] : null;
    u.pos.textContent = has ? 'cubelet ' + st.pos + ' of ' + n + ' \u00b7 cell (' + c.join(',') + ')' : '';
    this.markStep();
    this.tellStep();
    var e = this.element;
    e.setAttribute('data-snake', String(st.snake + 1));
    e.setAttribute('data-solution', String(sols ? st.solution + 1 : 0));
    e.setAttribute('data-cubelet', has ? String(st.pos) : '0');
    e.setAttribute('data-cell', c ? c.join(',') : '');
    e.setAttribute('data-count', String(n));
    this.render();
  };

  // markStep marks the step whose run holds the current cubelet, and
  // scrolls the list to it.
  Player.prototype.markStep = function () {
    var now = this.stepAt(this.st.pos), list = this.ui.list;
    Array.prototype.forEach.call(list.children, function (li, k) { li.className = k === now ? 'sp-now' : ''; });
    var li = list.children[now];
    if (li && (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = li.offsetTop - list.clientHeight / 3;
    }
  };

  // stepAt returns the index of the step whose run holds cubelet pos: the
  // start holds cubelets 1 to its end, a later step those after its turn
  // cubelet to its end.
  Player.prototype.stepAt = function (pos) {
    var now = -1;
    this.steps.forEach(function (p, k) {
      if (pos >= (k === 0 ? 1 : p.cubelet + 1)) { now = k; }
    });
    return now;
  };

  // words returns step k in words for a person: {head, line, say}.
  Player.prototype.words = function (k) {
    var p = this.steps[k], end = p.cubelet + p.run, n = this.cells.length;
    var twist = p.twist.charAt(0).toUpperCase() + p.twist.slice(1);
    var to = plural(p.run, 'cubelet') + ' on, to cubelet ' + end + (end === n ? ', the end' : '');
    var line = k === 0 ? 'Start at cubelet 1, ' + to : twist + ' at cubelet ' + p.cubelet + ', ' + to;
    return {head: 'Step ' + (k + 1) + ' of ' + this.steps.length + ' \u00b7 cubelet ' + this.st.pos + ' of ' + n + ' shown',
      line: line, say: 'Step ' + (k + 1) + '. ' + line + '.'};
  };

  // tellStep writes the current step in words under the picture.
  Player.prototype.tellStep = function () {
    var u = this.ui, k = this.stepAt(this.st.pos);
    u.now.textContent = '';
    if (k < 0) { u.now.setAttribute('data-step-now', ''); return; }
    var w = this.words(k);
    u.now.setAttribute('data-step-now', stepText(this.steps[k]));
    add(u.now, [el('b', '', w.line), el('span', '', w.head)]);
  };

  // ends returns the last cubelet of each step, in order.
  Player.prototype.ends = function () {
    return this.steps.map(function (p) { return p.cubelet + p.run; });
  };

  // nextStep shows the next step whole, up to its last cubelet; backStep
  // the step before; from within a step, its own end or start.
  Player.prototype.nextStep = function () {
    var pos = this.st.pos, to = this.ends().filter(function (e) { return e > pos; });
    this.stepTo(to.length ? to[0] : this.count());
  };
  Player.prototype.backStep = function () {
    var pos = this.st.pos, to = this.ends().filter(function (e) { return e < pos; });
    this.stepTo(to.length ? to[to.length - 1] : 1);
  };

  // stepTo is a step a person asked for while folding: it keeps the
  // folding view in sight and the screen awake, and says the step aloud
  // when asked to.
  Player.prototype.stepTo = function (p) {
    var before = this.st.pos;
    this.stop();
    this.go(p);
    this.keepInView();
    this.keepAwake();
    if (this.st.pos !== before) { this.say(); }
  };

  // keepInView scrolls the picture, the words and the buttons into sight
  // when part of them is out of it.
  Player.prototype.keepInView = function () {
    var f = this.ui.fold, r = f.getBoundingClientRect(), h = root.innerHeight || 0;
    if (h && (r.top < 0 || r.bottom > h) && f.scrollIntoView) {
      f.scrollIntoView({block: r.height <= h ? 'nearest' : 'start'});
    }
  };

  // keepAwake asks the browser to keep the screen on while folding (the
  // Screen Wake Lock API, where there is one); the lock ends when the page
  // is hidden, and is asked for again when it shows.
  Player.prototype.keepAwake = function () {
    var self = this, nav = root.navigator;
    this.folding = true;
    if (!nav || !nav.wakeLock || typeof nav.wakeLock.request !== 'function' || this.lock || this.locking) { return; }
    if (root.document && root.document.visibilityState === 'hidden') { return; }
    this.locking = true;
    var mark = function (on) {
      self.ui.awake.textContent = on ? 'The screen stays on while you fold.' : '';
      self.element.setAttribute('data-awake', on ? 'true' : 'false');
    };
    Promise.resolve().then(function () { return nav.wakeLock.request('screen'); }).then(function (lock) {
      self.locking = false;
      self.lock = lock;
      mark(true);
      if (lock && lock.addEventListener) {
        lock.addEventListener('release', function () { if (self.lock === lock) { self.lock = null; mark(false); } });
      }
    }, function () { self.locking = false; mark(false); }); // refused, as on a battery saver: the screen sleeps as it would
  };

  // say speaks the current step when the person asked for it.
  Player.prototype.say = function () {
    var sp = root.speechSynthesis, k = this.stepAt(this.st.pos);
    if (!this.ui.speak.checked || !sp || !root.SpeechSynthesisUtterance || k < 0) { return; }
    sp.cancel();
    sp.speak(new root.SpeechSynthesisUtterance(this.words(k).say));
  };

  // render paints at the next frame, once however often it is asked.
  Player.prototype.render = function () {
    var self = this;
    if (this.queued) { return; }
    this.queued = true;
    (root.requestAnimationFrame || setTimeout)(function () { self.queued = false; self.paint(); });
  };

  Player.prototype.paint = function () {
    if (!this.cells.length) { return; }
    var cv = this.ui.canvas, w = this.ui.stage.clientWidth, vh = root.innerHeight || 800, h;
    if (root.matchMedia && root.matchMedia(SIDE).matches) {
      h = Math.max(160, vh - 16); // the words and buttons beside the picture
    } else {
      h = Math.max(180, Math.min(w * 0.8, vh * 0.72, vh - this.ui.act.offsetHeight - 24));
    }
    h = Math.round(h);
    if (cv.style.height !== h + 'px') { cv.style.height = h + 'px'; }
    var st = this.st;
    draw(cv, this.snakes[st.snake].box, this.cells, st.pos, camera(st.yaw, st.pitch), st.seeThrough, st.recent ? this.recentFrom() : 0);
  };

  // recentFrom returns the first cubelet, from 0, of the last RECENT
  // steps up to the current cubelet.
  Player.prototype.recentFrom = function () {
    var pos = this.st.pos, starts = [];
    this.steps.forEach(function (p, k) {
      var first = k === 0 ? 0 : p.cubelet - 1; // a step starts at its turn cubelet
      if (first < pos) { starts.push(first); }
    });
    return starts.length > RECENT ? starts[starts.length - RECENT] : 0;
  };

  Player.prototype.go = function (p) {
    this.st.pos = Math.min(Math.max(1, p), Math.max(1, this.count()));
    if (this.st.pos >= this.count()) { this.stop(); }
    this.update();
  };

  Player.prototype.select = function (si, ki) {
    var st = this.st;
    this.stop();
    st.snake = Math.min(Math.max(0, si | 0), this.snakes.length - 1);
    st.solution = Math.min(Math.max(0, ki | 0), Math.max(0, this.snakes[st.snake].solutions.length - 1));
    st.pos = 1;
    this.load();
    this.update();
  };

  Player.prototype.stop = function () {
    if (this.st.timer) { clearInterval(this.st.timer); this.st.timer = null; }
  };

  Player.prototype.playPause = function () {
    var self = this;
    if (this.st.timer) { this.stop(); this.update(); return; }
    if (this.st.pos >= this.count()) { this.st.pos = 1; }
    this.st.timer = setInterval(function () { self.go(self.st.pos + 1); }, this.options.interval || 650);
    this.update();
  };

  // bind wires the buttons, the chooser and the keys.
  Player.prototype.bind = function () {
    var self = this, u = this.ui, st = this.st;
    function on(x, ev, f) { x.addEventListener(ev, f); }
    on(u.first, 'click', function () { self.go(1); });
    on(u.back, 'click', function () { self.go(st.pos - 1); });
    on(u.fwd, 'click', function () { self.go(st.pos + 1); });
    on(u.last, 'click', function () { self.go(self.count()); });
    on(u.play, 'click', function () { self.playPause(); });
    on(u.slider, 'input', function () { self.go(+u.slider.value); });
    on(u.snake, 'change', function () { self.select(+u.snake.value, 0); });
    on(u.prevSol, 'click', function () { self.select(st.snake, st.solution - 1); });
    on(u.nextSol, 'click', function () { self.select(st.snake, st.solution + 1); });
    on(u.sol, 'change', function () { self.select(st.snake, (+u.sol.value || 1) - 1); });
    on(u.next, 'click', function () { self.nextStep(); });
    on(u.stepBack, 'click', function () { self.backStep(); });
    on(u.front, 'click', function () { st.yaw = YAW; st.pitch = PITCH; self.render(); });
    on(u.speak, 'change', function () { if (u.speak.checked) { self.say(); } else if (root.speechSynthesis) { root.speechSynthesis.cancel(); } });
    on(u.see, 'change', function () { st.seeThrough = u.see.checked; self.render(); });
    on(u.recent, 'change', function () { st.recent = u.recent.checked; self.render(); });
    on(root, 'resize', function () { self.render(); });
    // The keys step while the picture is in sight, wherever the focus is
    // but in a field: space, the arrows and a page clicker's page keys.
    on(document, 'keydown', function (e) {
      var tag = e.target && e.target.tagName;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || !self.count()) { return; }
      if (!self.element.contains(e.target) && !self.inSight()) { return; }
      var key = e.key === ' ' ? (e.shiftKey ? 'back' : 'next') : e.key;
      if (key === ' ' && tag === 'BUTTON' && self.element.contains(e.target) && e.target !== u.next && e.target !== u.stepBack) { return; }
      var act = {next: 'nextStep', ArrowRight: 'nextStep', ArrowDown: 'nextStep', PageDown: 'nextStep',
        back: 'backStep', ArrowLeft: 'backStep', ArrowUp: 'backStep', PageUp: 'backStep'}[key];
      if (act) { self[act](); e.preventDefault(); return; }
      if (key === 'Home' || key === 'End') { self.stepTo(key === 'Home' ? 1 : self.count()); e.preventDefault(); }
      if (key === 'p' || key === 'P') { self.playPause(); e.preventDefault(); }
    });
    on(document, 'visibilitychange', function () {
      if (document.visibilityState === 'visible' && self.folding) { self.keepAwake(); }
    });
  };

  // inSight reports whether the picture shows, at least in part.
  Player.prototype.inSight = function () {
    var r = this.ui.canvas.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < (root.innerHeight || 0);
  };

  // bindDrag turns the box as the pointer drags over the picture; a tap,
  // a press that hardly moves, shows the next step.
  Player.prototype.bindDrag = function () {
    var self = this, cv = this.ui.canvas, st = this.st, drag = null;
    cv.addEventListener('pointerdown', function (e) {
      drag = {x: e.clientX, y: e.clientY, yaw: st.yaw, pitch: st.pitch, far: 0};
      cv.setPointerCapture(e.pointerId);
      cv.classList.add('sp-drag');
    });
    cv.addEventListener('pointermove', function (e) {
      if (!drag) { return; }
      drag.far = Math.max(drag.far, Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y));
      st.yaw = drag.yaw - (e.clientX - drag.x) * 0.01;
      st.pitch = Math.max(-1.5, Math.min(1.5, drag.pitch + (e.clientY - drag.y) * 0.01));
      self.render();
    });
    function end() { drag = null; cv.classList.remove('sp-drag'); }
    cv.addEventListener('pointerup', function (e) {
      var tap = drag && drag.far + Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < TAP;
      if (tap) { st.yaw = drag.yaw; st.pitch = drag.pitch; }
      end();
      if (tap) { self.nextStep(); }
    });
    cv.addEventListener('pointercancel', end);
  };

  // TAP is how far, in CSS pixels, a press on the picture may wander and
  // still be a tap rather than a drag: a finger's wobble.
  var TAP = 10;

  // controller is what mount returns: see the package doc.
  Player.prototype.controller = function () {
    var self = this, st = this.st;
    return {
      state: function () {
        var c = self.cells[st.pos - 1];
        return {snake: st.snake + 1, solution: st.solution + 1, cubelet: self.cells.length ? st.pos : 0,
          cell: c ? c.slice() : null, count: self.cells.length, playing: !!st.timer,
          yaw: st.yaw, pitch: st.pitch, recent: st.recent, error: self.err};
      },
      go: function (n) { self.go(n); },
      recent: function (on) { st.recent = self.ui.recent.checked = !!on; self.render(); },
      forward: function () { self.go(st.pos + 1); },
      next: function () { self.nextStep(); },
      previous: function () { self.backStep(); },
      back: function () { self.go(st.pos - 1); },
      play: function () { if (!st.timer) { self.playPause(); } },
      pause: function () { self.stop(); self.update(); },
      select: function (snake, solution) { self.select(snake - 1, solution - 1); },
      turn: function (yaw, pitch) { st.yaw = yaw; st.pitch = Math.max(-1.5, Math.min(1.5, pitch)); self.render(); }
    };
  };

  root.SnakePlayer = {mount: mount, steps: steps, stepText: stepText, cells: cellsOf};
})(typeof window !== 'undefined' ? window : this);
