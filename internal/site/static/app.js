// snakecube in the browser: the page of the static site. The engine, the
// snakecube solver compiled to WebAssembly, runs in a Web Worker
// (worker.js), so the page never freezes and a search can be stopped;
// this script reads links and the form, shows the answers in the step
// player (player.js, the player of solve -format html) and browses the
// 3x3x3 catalogue with the views of snakecube serve (catalogue.js). The
// contract with links, scripts and tests is written in the doc of the Go
// package github.com/snakecube/snakecube/internal/site. Every text a
// person or a link gave is set as text, never as HTML.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var V = window.SnakeCatalogue;
  var plural = V.plural, number = V.number;

  // snakecube is what scripts and tests read: promises of the engine and
  // of the catalogue being ready, the times of the page's steps in
  // milliseconds, the player shown, and whether a job is under way.
  var api = window.snakecube = {times: {}, player: null};
  var engineReady, catalogueReady;
  api.ready = new Promise(function (r) { engineReady = r; });
  api.catalogue = new Promise(function (r) { catalogueReady = r; });

  // ---- The engine, in a worker --------------------------------------

  // engine is the worker and the job it runs: one at a time, a new one
  // stopping the one before. module is the compiled engine, kept to start
  // a new worker at once after a stop; holds is the job whose snake the
  // worker solved last, whose sheet it can draw.
  var engine = {worker: null, module: null, ready: false, job: null, jobs: 0, timer: 0, holds: 0};
  api.searching = function () { return !!engine.job; };

  function startWorker() {
    var w = new Worker('worker.js');
    engine.worker = w;
    engine.ready = false;
    engine.holds = 0;
    w.onmessage = function (e) { if (w === engine.worker) onEngine(e.data); };
    w.onerror = function (e) {
      if (w !== engine.worker) return;
      e.preventDefault();
      fault('the solver could not start: ' + (e.message || 'its script failed to load'));
    };
    w.postMessage({op: 'start', module: engine.module});
  }

  // post sends a request to the engine, starting one if there is none,
  // as after a fault.
  function post(m) {
    if (!engine.worker) startWorker();
    engine.worker.postMessage(m);
  }

  function onEngine(m) {
    var job = engine.job;
    switch (m.op) {
      case 'module':
        engine.module = m.module;
        return;
      case 'ready':
        engine.ready = true;
        if (!api.times.ready) { // the first engine, started with the page
          api.times.ready = performance.now();
          document.documentElement.setAttribute('data-engine', 'ready');
          engineReady();
          if (!job) status('Ready.', false);
        }
        return;
      case 'failed':
        fault(m.error);
        return;
    }
    if (!job || m.id !== job.id) return; // the answer of a job since replaced
    var a = m.answer;
    if (a && a.fail) { fault(a.fail); return; }
    if (job.phase === 'sheet' || job.phase === 'feel') {
      if (m.op === 'solve') engine.holds = job.of;
      else if (job.phase === 'sheet') sheet(job, a);
      else felt(job, a);
    } else if (m.op === 'solve') solved(job, a, m.ms);
    else if (m.op === 'advise') advised(job, a);
  }

  // fault shows a failure of the page or the engine, not of the snake,
  // and ends the engine; the next request starts a fresh one.
  function fault(msg) {
    var job = engine.job;
    finish();
    status('Something went wrong: ' + msg, false);
    if (job) result().setAttribute('data-fault', msg);
    if (engine.worker) engine.worker.terminate();
    engine.worker = null;
  }

  function restart() {
    if (engine.worker) engine.worker.terminate();
    startWorker();
  }

  // status says what the page is doing; busy shows it is at work.
  function status(text, busy) {
    var s = $('status');
    s.textContent = text;
    s.className = busy ? 'status busy' : 'status';
  }

  function seconds(ms) { return (ms / 1000).toFixed(1) + ' s'; }

  // tick shows how long the job has been running.
  function tick() {
    var job = engine.job;
    if (!job) return;
    var what = job.phase === 'advise' ? 'No solution; looking for snakes one cubelet away that fold…' :
      job.phase === 'sheet' ? 'Drawing the step sheet…' : job.phase === 'feel' ? 'Rating how hard it is to fold…' : engine.ready ? 'Searching…' : 'Loading the solver…';
    status(what + ' ' + seconds(performance.now() - job.start), true);
  }

  function begin(job) {
    engine.job = job;
    job.start = performance.now();
    $('stop').hidden = false;
    tick();
    engine.timer = setInterval(tick, 100);
  }

  function finish() {
    engine.job = null;
    clearInterval(engine.timer);
    $('stop').hidden = true;
  }

  // stop ends the job under way: the worker is terminated, however deep
  // in a search, and a fresh one started.
  function stop() {
    var job = engine.job;
    if (!job) return;
    finish();
    restart();
    status('Stopped after ' + seconds(performance.now() - job.start) + '.', false);
    if (job.phase === 'advise') setHelp(['(stopped before the snakes one cubelet away were all tried)']);
    if (job.phase === 'sheet') $('draw-sheet').disabled = false;
    if (job.phase === 'feel') $('rate').disabled = false;
  }

  // ---- Links and the form ------------------------------------------

  // readHash reads #snake=TEXT&size=AxBxC&notation=NAME. A '+' is a plus,
  // as in "+x +y", not a space; a malformed escape is taken as typed.
  function readHash() {
    var q = {};
    location.hash.slice(1).split('&').forEach(function (part) {
      var i = part.indexOf('=');
      if (i < 0) return;
      var v = part.slice(i + 1);
      try { v = decodeURIComponent(v); } catch (e) { /* as typed */ }
      q[part.slice(0, i)] = v;
    });
    return q;
  }

  function escape(v) {
    return encodeURIComponent(v).replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%2B/g, '+');
  }

  function hashOf(q) {
    var h = 'snake=' + escape(q.snake);
    if (q.size) h += '&size=' + escape(q.size);
    if (q.notation) h += '&notation=' + escape(q.notation);
    return '#' + h;
  }

  // route solves the snake of the link, if it names one.
  function route() {
    var q = readHash();
    if (q.snake === undefined) return;
    $('snake').value = q.snake;
    $('size').value = q.size || '';
    $('notation').value = q.notation || '';
    if ($('notation').value !== (q.notation || '')) $('notation').value = ''; // the engine names what it does not know
    solve({snake: q.snake, size: q.size || '', notation: q.notation || ''});
  }

  // ---- Solving -------------------------------------------------------

  function result() { return $('result'); }

  // clear empties the answer and the message of the snake before.
  function clear() {
    var r = result();
    r.removeAttribute('data-solutions');
    r.removeAttribute('data-fault');
    r.hidden = true;
    $('player').textContent = '';
    setLines($('notes'), []);
    setLines($('help'), []);
    $('sheet-line').hidden = true;
    var link = $('sheet');
    if (link.href.indexOf('blob:') === 0) URL.revokeObjectURL(link.href);
    link.removeAttribute('href');
    link.hidden = true;
    $('draw-sheet').hidden = false;
    $('draw-sheet').disabled = false;
    $('rate-line').hidden = true;
    $('rate').disabled = false;
    $('difficulty').hidden = true;
    $('difficulty').textContent = '';
    api.player = null;
    showError(null);
  }

  function solve(q) {
    if (engine.job) { finish(); restart(); }
    clear();
    var job = {id: ++engine.jobs, q: q, phase: 'solve'};
    engine.shown = null;
    begin(job);
    post({op: 'solve', id: job.id, text: q.snake, size: q.size, notation: q.notation});
  }

  function solved(job, a, ms) {
    if (a.error !== undefined) {
      finish();
      showError(a);
      status('That is no snake: see the message under the box.', false);
      return;
    }
    show(a, job.q);
    var t = performance.now() - job.start;
    api.times.solved = t;
    api.times.search = ms;
    if (a.total === 0) {
      job.phase = 'advise';
      post({op: 'advise', id: job.id});
      return;
    }
    finish();
    engine.holds = engine.shown = job.id;
    engine.shownQuery = job.q;
    engine.shownLength = a.snake.length;
    engine.shownBox = a.box;
    status('Solved in ' + seconds(t) + '.', false);
    $('sheet-line').hidden = false;
    $('rate-line').hidden = false;
  }

  // askShown asks the engine, in a job of the phase op, for op of the
  // snake shown, with button disabled meanwhile, solving the snake again
  // first if the worker no longer holds it (after a stop).
  function askShown(op, button) {
    if (!engine.shown || engine.job) return;
    var job = {id: ++engine.jobs, q: engine.shownQuery, of: engine.shown, phase: op};
    $(button).disabled = true;
    begin(job);
    if (engine.holds !== job.of) post({op: 'solve', id: job.id, text: job.q.snake, size: job.q.size, notation: job.q.notation});
    post({op: op, id: job.id});
  }

  // drawSheet asks for the step sheet of the snake shown: drawing it
  // takes a picture a step, up to a second or so, so it is drawn when
  // asked for, not with every solve.
  function drawSheet() { askShown('sheet', 'draw-sheet'); }

  // rateShown asks how hard the snake shown is for a person to fold: a
  // 64-cubelet snake takes seconds, so it is rated when asked for.
  function rateShown() { askShown('feel', 'rate'); }

  // felt shows the engine's answer of how hard the snake shown is to
  // fold: its level on its box's scale and both ends, the easier first.
  function felt(job, a) {
    finish();
    var e = $('difficulty');
    if (a.level) {
      V.difficulty(e, a, engine.shownLength, a.scale);
    } else {
      e.textContent = 'How hard a snake is to fold is a level among the snakes of its box, from 1 to 10; the scale of the ' +
        engine.shownBox + ' box would take minutes to make here, so this snake is not rated.';
      e.className = 'difficulty';
      e.setAttribute('data-level', '0');
    }
    e.hidden = false;
    $('rate-line').hidden = true;
    status('Rated in ' + seconds(performance.now() - job.start) + '.', false);
  }

  function advised(job, a) {
    finish();
    setHelp(a.lines, job.q);
    status('Done in ' + seconds(performance.now() - job.start) + '.', false);
  }

  // show puts a snake's answer to q on the page: its title, how it was
  // read, the link to it, and the player on its solutions.
  function show(a, q) {
    var r = result(), title = $('result-title');
    title.textContent = 'Snake ';
    var key = document.createElement('span');
    key.className = 'mono';
    key.textContent = a.snake;
    title.appendChild(key);
    var sub = a.box + ' box, ' + plural(a.total, 'solution');
    if (a.shown < a.total) sub += '; the first ' + number(a.shown) + ' are shown here';
    if (a.total === 0) sub = a.box + ' box: no solution, the snake does not fold';
    $('result-sub').textContent = sub + '.';
    $('share').href = hashOf(q);
    linked($('notes'), a.notes, q.size); // each reading of an ambiguous text a link
    r.hidden = false;
    if (a.total === 0) {
      setHelp(['Looking for snakes one cubelet away that fold…']);
    } else {
      var mount = document.createElement('div');
      $('player').appendChild(mount);
      api.player = window.SnakePlayer.mount(mount, a.data);
    }
    r.setAttribute('data-solutions', String(a.total));
  }

  function setLines(e, lines) {
    e.textContent = (lines || []).join('\n');
    e.hidden = !lines || lines.length === 0;
  }

  // linked sets lines as e's text, each snake they name (a sequence of 0s
  // and 1s, with the box that follows it or else size) a link that
  // solves it.
  function linked(e, lines, size) {
    setLines(e, lines);
    V.linked(e, e.textContent, function (seq, box) { return hashOf({snake: seq, size: box || size || ''}); });
  }

  // setHelp shows the help for the snake of q, which has no solution.
  function setHelp(lines, q) { linked($('help'), lines, q && q.size); }

  function sheet(job, svg) {
    finish();
    status('The step sheet is ready.', false);
    var link = $('sheet');
    link.href = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
    $('draw-sheet').hidden = true;
    link.hidden = false;
  }

  // showError shows what is wrong with a text, next to the box it was
  // typed in, or clears it: a.error the message, a.caret the text with a
  // caret under the character at fault, a.fixes what would fold.
  function showError(a) {
    var e = $('input-error');
    e.textContent = '';
    e.hidden = !a;
    $('snake').setAttribute('aria-invalid', a ? 'true' : 'false');
    if (!a) { e.removeAttribute('data-error'); return; }
    e.setAttribute('data-error', a.error);
    var msg = document.createElement('div');
    msg.textContent = a.error;
    e.appendChild(msg);
    if (a.caret) {
      var pre = document.createElement('pre');
      pre.textContent = a.caret;
      e.appendChild(pre);
    }
    if (a.fixes && a.fixes.length) {
      var fix = document.createElement('div');
      fix.className = 'fix';
      linked(fix, a.fixes);
      e.appendChild(fix);
    }
  }

  $('solve').addEventListener('submit', function (e) {
    e.preventDefault();
    var q = {snake: $('snake').value.trim(), size: $('size').value.trim(), notation: $('notation').value};
    var h = hashOf(q);
    if (location.hash === h) solve(q); else location.hash = h; // hashchange solves it
  });
  $('stop').addEventListener('click', stop);
  $('draw-sheet').addEventListener('click', drawSheet);
  $('rate').addEventListener('click', rateShown);
  window.addEventListener('hashchange', route);

  // ---- The catalogue -------------------------------------------------

  var FIELDS = ['solutions', 'min_solutions', 'max_solutions', 'straights', 'palindrome', 'prefix', 'sort', 'limit'];
  var cat = {rows: [], box: '', cells: 0, stats: null, state: {offset: 0}};
  FIELDS.forEach(function (f) { cat.state[f] = ''; });

  // decode reads the catalogue's index (see the package doc of
  // internal/site): the box, then each snake's key, as the gap from the
  // key before, then each snake's number of solutions.
  function decode(buf) {
    var p = new Uint8Array(buf), i = 7;
    if (String.fromCharCode(p[0], p[1], p[2], p[3]) !== 'SCI1') throw new Error('the catalogue index is not one');
    var box = [p[4], p[5], p[6]], cells = box[0] * box[1] * box[2];
    function uvarint() {
      var v = 0, m = 1, b;
      do { b = p[i++]; v += (b & 127) * m; m *= 128; } while (b & 128);
      return v;
    }
    var n = uvarint(), order = 0, rows = new Array(n), orders = new Array(n);
    for (var g = 0; g < n; g++) orders[g] = order += uvarint();
    for (var k = 0; k < n; k++) {
      order = orders[k];
      var bits = new Array(cells), o = order, straights = 0;
      bits[0] = bits[cells - 1] = '0';
      for (var c = cells - 2; c >= 1; c--) {
        bits[c] = o % 2 ? '1' : '0';
        if (!(o % 2)) straights++;
        o = Math.floor(o / 2);
      }
      var key = bits.join('');
      rows[k] = {key: key, solutions: uvarint(), straights: straights, palindrome: key === bits.reverse().join('')};
    }
    return {box: box.join('x'), cells: cells, rows: rows};
  }

  function loadCatalogue() {
    var name = 'catalogue-3x3x3';
    function get(file, how) {
      return fetch(file).then(function (r) {
        if (!r.ok) throw new Error(file + ': ' + r.status + ' ' + r.statusText);
        return r[how]();
      });
    }
    Promise.all([get(name + '.bin', 'arrayBuffer'), get(name + '.json', 'json')]).then(function (got) {
      var d = decode(got[0]);
      cat.rows = d.rows;
      cat.box = d.box;
      cat.cells = d.cells;
      cat.stats = got[1];
      V.figures($('figures'), cat.box, cat.stats);
      drawCatalogue();
      api.times.catalogue = performance.now();
      catalogueReady();
    }).catch(function (err) {
      $('figures').textContent = 'The catalogue could not be loaded: ' + err.message;
    });
  }

  // whole reads a filter that must be a whole number from 0 to most.
  function whole(name, most) {
    var t = cat.state[name];
    if (t === '') return null;
    if (!/^[0-9]+$/.test(t) || Number(t) > most) throw new Error(name + '=' + t + ': want a whole number from 0 to ' + most);
    return Number(t);
  }

  // query answers the filters as GET /api/snakes of snakecube serve does:
  // how many snakes match, and the page of them.
  function query() {
    var st = cat.state, big = 4294967295;
    var lo = whole('min_solutions', big) || 0, hi = whole('max_solutions', big), exactly = whole('solutions', big);
    if (hi === null) hi = big;
    if (exactly !== null) { lo = Math.max(lo, exactly); hi = Math.min(hi, exactly); }
    var straights = whole('straights', 64);
    if (st.prefix !== '' && (!/^[01]+$/.test(st.prefix) || st.prefix.length > cat.cells)) {
      throw new Error('prefix=' + st.prefix.slice(0, 70) + ': want at most ' + cat.cells + ' characters 0 and 1');
    }
    var rows = cat.rows.filter(function (r) {
      return r.solutions >= lo && r.solutions <= hi && (straights === null || r.straights === straights) &&
        (st.palindrome === '' || r.palindrome === (st.palindrome === 'true')) && r.key.lastIndexOf(st.prefix, 0) === 0;
    });
    var sort = st.sort || 'key', desc = sort[0] === '-', by = sort.replace(/^-/, '');
    if (by === 'key') {
      if (desc) rows.reverse();
    } else {
      // Ties stay in key order, either way, as serve sorts them.
      rows = rows.map(function (r, i) { return {r: r, i: i}; }).sort(function (a, b) {
        return (desc ? b.r[by] - a.r[by] : a.r[by] - b.r[by]) || a.i - b.i;
      }).map(function (x) { return x.r; });
    }
    var limit = Number(st.limit) || 50;
    return {total: rows.length, snakes: rows.slice(st.offset, st.offset + limit), limit: limit};
  }

  function drawCatalogue() {
    if (!cat.stats) return;
    var ans;
    try {
      ans = query();
    } catch (err) {
      var e = $('filter-error');
      e.textContent = err.message;
      e.hidden = false;
      return;
    }
    $('filter-error').hidden = true;
    V.table($('snakes').tBodies[0], ans.snakes, ans.total, cat.open);
    $('count').textContent = V.count(cat.state.offset, ans.snakes.length, ans.total);
    $('first').disabled = $('prev').disabled = cat.state.offset === 0;
    $('next').disabled = cat.state.offset + ans.snakes.length >= ans.total;
    cat.limit = ans.limit;
    V.histogram($('histo'), cat.stats, V.selection(cat.state), function (lo, hi) {
      Object.assign(cat.state, V.barFilter(lo, hi));
      cat.state.offset = 0;
      fillForm();
      drawCatalogue();
    });
  }

  function fillForm() {
    var f = $('filters');
    FIELDS.forEach(function (k) { f.elements[k].value = cat.state[k] || (k === 'sort' ? 'key' : k === 'limit' ? '50' : ''); });
  }

  function readForm() {
    var f = $('filters');
    FIELDS.forEach(function (k) { cat.state[k] = f.elements[k].value.trim(); });
    if (cat.state.sort === 'key') cat.state.sort = '';
  }

  $('filters').addEventListener('submit', function (e) {
    e.preventDefault();
    readForm();
    cat.state.offset = 0;
    drawCatalogue();
  });
  $('reset').addEventListener('click', function () {
    FIELDS.forEach(function (f) { cat.state[f] = ''; });
    cat.state.offset = 0;
    fillForm();
    drawCatalogue();
  });
  $('snakes').tHead.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-sort]');
    if (!b) return;
    cat.state.sort = V.nextSort(cat.state.sort, b.dataset.sort);
    cat.state.offset = 0;
    fillForm();
    drawCatalogue();
  });
  $('snakes').tBodies[0].addEventListener('click', function (e) {
    var tr = e.target.closest('tr[data-key]');
    if (!tr) return;
    cat.open = tr.dataset.key;
    Array.prototype.forEach.call(this.rows, function (r) { r.className = r === tr ? 'open' : ''; });
    location.hash = hashOf({snake: tr.dataset.key});
    result().scrollIntoView({block: 'start'});
  });
  $('first').addEventListener('click', function () { cat.state.offset = 0; drawCatalogue(); });
  $('prev').addEventListener('click', function () { cat.state.offset = Math.max(0, cat.state.offset - cat.limit); drawCatalogue(); });
  $('next').addEventListener('click', function () { cat.state.offset += cat.limit; drawCatalogue(); });

  // ---- Start ---------------------------------------------------------

  // The service worker keeps every file of the site, for offline use; a
  // host that cannot have one (a file: address, a page not served
  // securely) works online all the same. api.offline is a promise of
  // whether the files are kept: true once a service worker is active,
  // false when there can be none or it failed to install.
  api.offline = Promise.resolve(false);
  if ('serviceWorker' in navigator && window.isSecureContext) {
    api.offline = navigator.serviceWorker.register('sw.js').then(installed, function (err) {
      console.warn('snakecube: no offline use: ' + err.message);
      return false;
    });
    // A new build's worker taking over serves the new build's files: an
    // engine started later compiles the new engine, which they expect.
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      if (controlled) engine.module = null;
      controlled = true;
    });
  }
  // installed waits until the worker a registration installs is active,
  // or redundant, having failed to install (a file missing, say): then
  // only the worker before it, if any, keeps the files.
  function installed(reg) {
    var w = reg.installing || reg.waiting;
    if (!w) return !!reg.active;
    return new Promise(function (done) {
      function look() {
        if (w.state === 'activated') done(true);
        else if (w.state === 'redundant') done(!!reg.active);
      }
      w.addEventListener('statechange', look);
      look();
    });
  }
  startWorker();
  route();
  loadCatalogue();
})();
