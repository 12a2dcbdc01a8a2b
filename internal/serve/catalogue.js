// snakecube catalogue views: the histogram of snakes by number of
// solutions and the table of snakes, as the page of snakecube serve and
// the static site (internal/site) both draw them. It loads nothing and
// needs no library. It defines the global SnakeCatalogue:
//
//   SnakeCatalogue.histogram(element, stats, selected, click)
//   SnakeCatalogue.table(tbody, rows, total, open)
//   SnakeCatalogue.difficulty(element, rating, cubelets, scale)
//
// stats is the JSON of GET /api/stats (stats -format json); rows are
// snakes as GET /api/snakes lists them, {key, solutions, straights,
// palindrome}, and in a catalogue rated, level and difficulty, drawn in
// two more columns; difficulty says in words how hard a snake is for a
// person to fold. Every text is set as text, never as HTML.
(function (root) {
  'use strict';

  function number(n) { return Number(n).toLocaleString('en-US'); }
  function plural(n, word) { return number(n) + ' ' + word + (n === 1 ? '' : 's'); }

  var SVG = 'http://www.w3.org/2000/svg';
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  // bins groups the numbers of solutions for the histogram: one bar per
  // number up to MAX_BARS numbers, else ranges growing geometrically, so
  // that a catalogue whose most is in the thousands still has bars a
  // person can see and click.
  var MAX_BARS = 150;
  function bins(bars, most) {
    var edges = [];
    if (most <= MAX_BARS) {
      for (var n = 1; n <= most + 1; n++) edges.push(n);
    } else {
      var k = 100;
      edges.push(1);
      for (var i = 1; i <= k; i++) {
        var e = Math.round(Math.exp(Math.log(most + 1) * i / k));
        if (e > edges[edges.length - 1]) edges.push(e);
      }
      edges[edges.length - 1] = most + 1;
    }
    var out = [];
    if (bars.length && bars[0].solutions === 0) out.push({lo: 0, hi: 0, snakes: bars[0].snakes});
    for (var j = 0; j + 1 < edges.length; j++) out.push({lo: edges[j], hi: edges[j + 1] - 1, snakes: 0});
    var b = bars[0] && bars[0].solutions === 0 ? 1 : 0, o = out.length && out[0].lo === 0 ? 1 : 0;
    for (; b < bars.length; b++) {
      while (out[o].hi < bars[b].solutions) o++;
      out[o].snakes += bars[b].snakes;
    }
    return out;
  }

  // histogram draws the snakes per number of solutions in element: bars
  // on a logarithmic scale, those for which selected(lo, hi) holds
  // marked, and a click on a bar calling click(lo, hi).
  function histogram(box, st, selected, click) {
    box.textContent = '';
    var bs = bins(st.histogram || [], st.most.solutions);
    if (st.snakes === 0) { box.textContent = 'No snakes.'; return; }
    var top = 1;
    bs.forEach(function (b) { top = Math.max(top, b.snakes); });
    // As wide as the element, within bounds, so that the labels keep
    // their size on a phone's screen as on a desktop's.
    var W = Math.max(360, Math.min(900, box.clientWidth || 900)), H = 220, L = 44, R = 10, T = 10, B = 36;
    var svg = el('svg', {viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'snakes by number of solutions'}, box);
    var decades = Math.max(1, Math.ceil(Math.log10(top + 1)));
    var y = function (n) { return T + (H - T - B) * (1 - Math.log10(n + 1) / decades); };
    var bw = (W - L - R) / bs.length;
    var x = function (k) { return L + k * bw; };
    for (var d = 0; d <= decades; d++) {
      var v = Math.pow(10, d);
      el('line', {x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid'}, svg);
      var t = el('text', {x: L - 6, y: y(v) + 4, 'text-anchor': 'end'}, svg);
      t.textContent = v >= 1e6 ? v / 1e6 + 'M' : v >= 1000 ? v / 1000 + 'k' : v;
    }
    bs.forEach(function (b, k) {
      if (b.snakes === 0) return;
      var hit = el('rect', {x: x(k), y: T, width: bw, height: H - T - B, class: 'hit'}, svg);
      var pad = bw > 3 ? bw * 0.12 : 0;
      var bar = el('rect', {x: x(k) + pad, y: y(b.snakes), width: Math.max(bw - 2 * pad, 0.8), height: y(0) - y(b.snakes),
        class: 'bar' + (selected(b.lo, b.hi) ? ' on' : '')}, svg);
      var range = b.lo === b.hi ? plural(b.lo, 'solution') : number(b.lo) + '–' + number(b.hi) + ' solutions';
      var tip = plural(b.snakes, 'snake') + ' with ' + range;
      [hit, bar].forEach(function (e) {
        el('title', {}, e).textContent = tip;
        e.dataset.lo = b.lo;
        e.dataset.hi = b.hi;
        e.addEventListener('click', function () { click(b.lo, b.hi); });
      });
    });
    el('line', {x1: L, x2: W - R, y1: y(0), y2: y(0), class: 'axis'}, svg);
    labels(bs).forEach(function (k) {
      var t = el('text', {x: x(k) + bw / 2, y: H - B + 14, 'text-anchor': 'middle'}, svg);
      t.textContent = number(bs[k].lo);
    });
    var lab = el('text', {x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle'}, svg);
    lab.textContent = 'solutions per snake' + (bs.length && bs[bs.length - 1].hi > bs[bs.length - 1].lo ? ' (bars of growing ranges)' : '');
  }

  // labels returns the bars to label on the x axis: about eight, on round
  // numbers when each bar is one number.
  function labels(bs) {
    var out = [], step = Math.max(1, Math.ceil(bs.length / 8));
    if (bs.every(function (b) { return b.lo === b.hi; })) {
      [1, 2, 5, 10, 20, 25, 50].some(function (s) { step = s; return bs.length / s <= 8; });
      bs.forEach(function (b, k) { if (b.lo === 1 || b.lo % step === 0) out.push(k); });
      return out;
    }
    for (var k = 0; k < bs.length; k += step) out.push(k);
    return out;
  }

  // selection returns, for the filters f ({solutions, min_solutions,
  // max_solutions} as typed), whether some number of solutions from lo to
  // hi passes them, when they filter by solutions at all.
  function selection(f) {
    var lo = f.min_solutions === '' ? -Infinity : Number(f.min_solutions);
    var hi = f.max_solutions === '' ? Infinity : Number(f.max_solutions);
    if (f.solutions !== '') { lo = Math.max(lo, Number(f.solutions)); hi = Math.min(hi, Number(f.solutions)); }
    var any = lo === -Infinity && hi === Infinity;
    return function (a, b) { return !any && a <= hi && b >= lo; };
  }

  // barFilter returns the filters that list the snakes of a bar, lo to
  // hi solutions.
  function barFilter(lo, hi) {
    return {solutions: lo === hi ? String(lo) : '', min_solutions: lo === hi ? '' : String(lo), max_solutions: lo === hi ? '' : String(hi)};
  }

  // nextSort returns the sort after a click on the header of column f,
  // the sort being cur ('' for key order): the column's default order
  // first, then the other; '' for key order.
  function nextSort(cur, f) {
    cur = cur || 'key';
    var s = cur === f ? '-' + f : cur === '-' + f ? f : (f === 'key' ? '' : '-' + f);
    return s === 'key' ? '' : s;
  }

  // table fills a table's body with the rows, the snake whose key is open
  // marked; with none, it says whether any snake matches at all.
  function table(body, rows, total, open) {
    body.textContent = '';
    if (rows.length === 0) {
      var td = body.insertRow().insertCell();
      var head = body.parentNode.tHead;
      td.colSpan = head ? head.rows[0].cells.length : 4;
      td.className = 'empty';
      td.textContent = total ? 'No snakes on this page.' : 'No snake matches these filters.';
    }
    rows.forEach(function (s) {
      var tr = body.insertRow();
      tr.dataset.key = s.key;
      if (s.key === open) tr.className = 'open';
      var k = tr.insertCell(); k.className = 'key'; k.textContent = s.key;
      tr.insertCell().textContent = number(s.solutions);
      tr.insertCell().textContent = s.straights;
      tr.insertCell().textContent = s.palindrome ? 'yes' : 'no';
      if (s.level) {
        tr.insertCell().textContent = s.level;
        tr.insertCell().textContent = number(Math.round(s.difficulty));
      }
    });
  }

  // count says which snakes a page shows: "1–50 of 3,658 snakes".
  function count(offset, shown, total) {
    return total ? number(shown ? offset + 1 : 0) + '–' + number(offset + shown) + ' of ' + plural(total, 'snake') : plural(0, 'snake');
  }

  // figures appends the catalogue's figures to element, the numbers in
  // bold: "3x3x3 box: 11,487 snakes, ...".
  function figures(e, box, st) {
    e.textContent = '';
    var parts = [['', box + ' box: '], [number(st.snakes), ' snakes, '], [number(st.solutions), ' solutions; '],
      [number(st.oneSolutionSnakes), ' with one solution; '], [number(st.palindromes), ' palindromes; most solutions '], [number(st.most.solutions), '']];
    parts.forEach(function (p) {
      if (p[0]) { var b = document.createElement('b'); b.textContent = p[0]; e.appendChild(b); }
      e.appendChild(document.createTextNode(p[1]));
    });
    e.title = st.convention;
  }

  // linked sets text as e's content, each snake it names (a sequence of
  // 0s and 1s, and the box that follows it, as in "0011..., 3x3x3 box") a
  // link to href(sequence, box or '') that carries the sequence in its
  // data-snake attribute and the box in data-box: a text of help offers
  // each snake it names, every reading of an ambiguous text among them,
  // to be solved at a tap. Everything is set as text, never as HTML.
  function linked(e, text, href) {
    var seq = /\b([01]{8,64})\b(?:, (\d+x\d+x\d+) box)?/g, at = 0, m;
    e.textContent = '';
    while ((m = seq.exec(text))) {
      e.appendChild(document.createTextNode(text.slice(at, m.index)));
      var a = document.createElement('a');
      a.setAttribute('href', href(m[1], m[2] || ''));
      a.textContent = m[1];
      a.setAttribute('data-snake', m[1]);
      a.setAttribute('data-box', m[2] || '');
      e.appendChild(a);
      at = m.index + m[1].length;
    }
    e.appendChild(document.createTextNode(text.slice(at)));
  }

  // amount writes a number of placements for a person: whole below a
  // million, else to three figures in millions, billions or trillions.
  function amount(x) {
    var units = [[1e12, ' trillion'], [1e9, ' billion'], [1e6, ' million']];
    for (var k = 0; k < units.length; k++) {
      if (x >= units[k][0]) return (x / units[k][0]).toPrecision(3) + units[k][1];
    }
    return number(Math.round(x));
  }

  // difficulty fills element e with how hard a snake of n cubelets is
  // for a person to fold, in words: d is {level, difficulty, stdErr,
  // easier, ends} as GET /api/snakes/KEY answers it in a catalogue rated
  // (package rate's Feel), scale {box, snakes, sampled} the snakes the
  // levels are tenths of. The element gets data-level and data-easier,
  // the easier end's cubelet.
  function difficulty(e, d, n, scale) {
    e.textContent = '';
    e.className = 'difficulty';
    e.setAttribute('data-level', d.level);
    e.setAttribute('data-easier', d.easier);
    function placed(x, se) {
      return 'about ' + amount(x) + (se > 0 ? ' ± ' + amount(se) : '') + ' cubelets placed';
    }
    var head = document.createElement('p');
    var b = document.createElement('b');
    b.textContent = 'Difficulty: level ' + d.level + ' of 10';
    head.appendChild(b);
    var of = scale.sampled ? number(scale.snakes) + ' snakes of the ' + scale.box + ' box drawn at random' :
      'the ' + number(scale.snakes) + ' snakes of the ' + scale.box + ' box';
    head.appendChild(document.createTextNode(', where each level holds a tenth of ' + of + ', level 1 the easiest.'));
    e.appendChild(head);
    var ul = document.createElement('ul');
    var other = d.easier === 1 ? n : 1;
    var lines = d.ends[0] === d.ends[1] ?
      ['Either end: ' + placed(d.difficulty, d.stdErr) + '.'] :
      ['Easier from cubelet ' + d.easier + ': ' + placed(d.difficulty, d.stdErr) + '.',
        'From cubelet ' + other + ': ' + placed(d.ends[other === 1 ? 0 : 1], 0) + '.'];
    lines.forEach(function (t, k) {
      var li = ul.appendChild(document.createElement('li'));
      li.textContent = t;
      if (k === 0) li.className = 'easier';
    });
    e.appendChild(ul);
    var note = document.createElement('p');
    note.className = 'note';
    note.textContent = 'Cubelets a person puts in place, on average, to fold the snake when each goes where it leaves no cell cut off and the fold starts over when it goes wrong.';
    e.appendChild(note);
  }

  root.SnakeCatalogue = {number: number, plural: plural, bins: bins, histogram: histogram, selection: selection,
    barFilter: barFilter, nextSort: nextSort, table: table, count: count, figures: figures, linked: linked, difficulty: difficulty};
})(typeof window !== 'undefined' ? window : this);
