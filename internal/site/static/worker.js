// snakecube's engine in a Web Worker: it loads the Go distribution's
// wasm_exec.js and the engine, snakecube compiled to WebAssembly
// (internal/site/wasm), and answers the page's requests one at a time.
// A search runs to its end in here, so the page stays free; the page
// stops one by terminating the worker.
//
// The page sends {op: 'start', module} first, module being the compiled
// engine when the page has one from an earlier worker, else undefined:
// the worker then fetches engine.wasm.gz, inflates it, compiles it and
// sends it back, {op: 'module', module}. Then {op: 'ready', ms}. Each
// request {op: 'solve', id, text, size, notation}, {op: 'advise', id},
// {op: 'feel', id} or {op: 'sheet', id} is answered {op, id, answer, ms},
// answer being what snakecube.solve, advise, feel or sheet returned
// (package internal/site/engine).
// A worker that cannot start sends {op: 'failed', error}.
'use strict';
importScripts('wasm_exec.js');

var engine = null, waiting = [];

onmessage = function (e) {
  var m = e.data;
  if (m.op === 'start') { start(m.module); return; }
  if (!engine) { waiting.push(m); return; }
  run(m);
};

function start(module) {
  var t0 = performance.now();
  (module ? Promise.resolve(module) : compile().then(function (mod) {
    postMessage({op: 'module', module: mod});
    return mod;
  })).then(function (mod) {
    var go = new Go();
    return WebAssembly.instantiate(mod, go.importObject).then(function (instance) {
      go.run(instance); // main sets self.snakecube and waits for calls
      if (!self.snakecube) throw new Error('the engine did not start');
      engine = self.snakecube;
      postMessage({op: 'ready', ms: performance.now() - t0});
      waiting.splice(0).forEach(run);
    });
  }).catch(function (err) {
    postMessage({op: 'failed', error: String(err && err.message || err)});
  });
}

// compile fetches the engine and compiles it. It is shipped gzipped,
// twice (a gzip file of the gzip file, the smaller), and inflated here,
// so that any static host serves it small without being told how; a host
// that inflated a layer already, as one that sends .gz files with
// Content-Encoding: gzip does, is noticed by the first bytes of what it
// sent.
function compile() {
  return fetch('engine.wasm.gz').then(function (r) {
    if (!r.ok) throw new Error('engine.wasm.gz: ' + r.status + ' ' + r.statusText);
    return r.arrayBuffer();
  }).then(inflate).then(function (wasm) {
    return WebAssembly.compile(wasm);
  });
}

// inflate returns buf inflated for as long as it is gzip: 0x1f 0x8b.
function inflate(buf) {
  var head = new Uint8Array(buf, 0, 2);
  if (buf.byteLength < 2 || head[0] !== 0x1f || head[1] !== 0x8b) return buf;
  return new Response(new Blob([buf]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer().then(inflate);
}

function run(m) {
  var t0 = performance.now(), a;
  try {
    switch (m.op) {
      case 'solve': a = engine.solve(String(m.text), String(m.size || ''), String(m.notation || '')); break;
      case 'advise': a = engine.advise(); break;
      case 'feel': a = engine.feel(); break;
      case 'sheet': a = engine.sheet(); break;
      default: a = {fail: 'unknown request ' + m.op};
    }
  } catch (err) {
    a = {fail: String(err && err.message || err)};
  }
  postMessage({op: m.op, id: m.id, answer: a, ms: performance.now() - t0});
}
