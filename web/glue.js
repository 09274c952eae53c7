// Browser glue between the page and the wasm app: the Module settings Emscripten reads, a
// visible message when the app cannot start, and window.czary, the hook for tests and tools.
'use strict';

(function () {
  const canvas = document.getElementById('canvas');
  const message = document.getElementById('message');

  const loading = document.getElementById('loading');
  const announce = document.getElementById('announce');
  const stateRegion = document.getElementById('state');

  // Every text this page shows itself, before the app runs or when it cannot run, is in the
  // page (index.html, #page-texts: one table per language), so that czary-app.js can say why
  // when this file is the one missing. The app's own texts are in data/i18n/{pl,en}.json (the
  // app's reasons for not starting too: platform.*). The language follows the app's rule
  // (App::language in src/controller/model.hpp): Polish, unless the player has switched the
  // running app to English; before the app runs, that is Polish.
  const PAGE_TEXTS = JSON.parse(document.getElementById('page-texts').textContent);
  const pageText = (name) => {
    let language = 'pl';
    try {
      if (window.czary && window.czary.ready) language = window.czary.status().language;
    } catch (error) { /* the app is gone: its first language */ }
    return (PAGE_TEXTS[language] || PAGE_TEXTS.pl)[name];
  };

  // The page's own words (index.html) give way to the table's at once.
  loading.textContent = pageText('loading');

  function showMessage(text) {
    loading.style.display = 'none';
    message.textContent = text;
    message.style.display = 'block';
  }

  // A file of the app that did not come (no network, a server without it) or came damaged: said in
  // the player's language, and tried again by itself. Whenever the browser is back online, and
  // every so often (2 s, then twice as long each time, at most a minute), the file is asked for;
  // once it answers whole (`whole`, if given, checks its bytes), the page loads again.
  let retrying = false;
  function cannotLoad(file, whole) {
    showMessage(pageText('fileMissing').replace('{file}', file));
    if (retrying) return;
    retrying = true;
    let wait = 2000;
    let timer = null;
    const probe = () => {
      clearTimeout(timer);
      fetch(file, { cache: 'no-store', credentials: 'same-origin' })
        .then((response) => (response.ok ? (whole ? response.arrayBuffer().then(whole) : true) : false))
        .catch(() => false)
        .then((ok) => {
          if (ok) return window.location.reload();
          wait = Math.min(wait * 2, 60000);
          timer = setTimeout(probe, wait);
        });
    };
    window.addEventListener('online', probe);
    timer = setTimeout(probe, wait);
  }
  // czary-app.js did not come: its script element says so (the event does not bubble: caught on
  // its way down).
  window.addEventListener('error', (event) => {
    const target = event.target;
    if (target instanceof HTMLScriptElement && /(^|\/)czary-app\.js$/.test(new URL(target.src).pathname)) cannotLoad('czary-app.js');
  }, true);

  // Over a weak connection the wasm takes seconds: how much of it has come is shown. A copy of
  // the response is counted, so that the browser still compiles (and caches the compiled code
  // of) the real one.
  function showProgress(response) {
    if (!response.ok || !response.body) return;
    // A compressed transfer's length is not the length of the bytes read.
    const total = response.headers.get('Content-Encoding') ? 0 : Number(response.headers.get('Content-Length')) || 0;
    const kb = (bytes) => Math.round(bytes / 1024);
    const reader = response.clone().body.getReader();
    let received = 0;
    const next = () => reader.read().then(({ done, value }) => {
      if (done || loading.style.display === 'none') return reader.cancel();
      received += value.length;
      loading.textContent = pageText('loading') + '\n' + (total ? kb(received) + ' / ' + kb(total) + ' KB' : kb(received) + ' KB');
      return next();
    });
    next().catch(() => {});
  }

  // The wasm is compiled from here, while czary-app.js is still coming and being read, instead
  // of when that script runs (Module.instantiateWasm below). It uses WebAssembly's own
  // exceptions: a browser without them (before Chrome 95, Firefox 100, Safari 15.2) is told so.
  const wasmExceptions = WebAssembly.validate(new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 13, 3, 1, 0, 0,
    10, 9, 1, 7, 0, 6, 64, 7, 0, 11, 11]));  // a function with try ... catch of a tag
  const compileWasm = () => {
    const file = () => fetch('czary-app.wasm', { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error('czary-app.wasm: ' + response.status);
      showProgress(response);
      return response;
    });
    const fromBytes = () => file().then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes));
    // Streaming needs the server to say application/wasm; without it, compile the bytes.
    return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(file()).catch(fromBytes) : fromBytes();
  };
  const wasmModule = wasmExceptions ? compileWasm() : null;
  if (!wasmExceptions) showMessage(pageText('tooOld'));
  // Making a WebGL context takes tens of milliseconds of this thread: done now, while the wasm
  // downloads and compiles elsewhere, not after it. The attributes are those the app asks for
  // (src/platform/web/main.cpp); when SDL asks for a context, the canvas hands over this one.
  if (wasmModule) {
    canvas.getContext('webgl', { alpha: false, depth: false, stencil: false, antialias: false,
                                 premultipliedAlpha: true, preserveDrawingBuffer: false });
  }

  // Calls into the app wait until its main() has set it up (window.czary._started).
  const waiting = [];
  const whenStarted = (call) => (window.czary && window.czary.ready ? call() : waiting.push(call));

  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  // At rest the app pauses its frame loop (src/platform/web/main.cpp); whatever may change what
  // it shows wakes it: input anywhere on the page (pointer events come with every mouse and touch
  // event, before SDL sees them), the window resized or turned and the canvas changing size
  // (phones settle an orientation change late), the pixel ratio changing, the page shown again.
  const wake = () => window.czary.ready && window.czary.redraw();
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'wheel', 'keydown', 'keyup', 'focus', 'blur',
                      'resize', 'orientationchange']) {
    window.addEventListener(type, wake, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', wake);
  new ResizeObserver(wake).observe(canvas);
  const watchPixelRatio = () => {
    window.matchMedia('(resolution: ' + window.devicePixelRatio + 'dppx)').addEventListener('change', () => {
      wake();
      watchPixelRatio();
    }, { once: true });
  };
  watchPixelRatio();
  // Another tab saved: the app compares revisions and shows the newer save.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('czary.')) whenStarted(() => Module._czary_storage_changed());
  });

  // Offline: the service worker keeps every file of this build. A newer build waits until the
  // player agrees in the app (czary_update_ready -> "update now" -> _applyUpdate -> reload).
  let registration = null;
  let updateTaken = false;
  if ('serviceWorker' in navigator) {
    const announce = () => {
      if (registration && registration.waiting && navigator.serviceWorker.controller) whenStarted(() => Module._czary_update_ready());
    };
    // Whether the app would start with no network now: a worker is active and has every file of
    // its build (the browser may evict them). The app says so while it is not (czary_offline_ready).
    // Until the worker answers, a page it controls counts as ready (no note flashes at each start).
    let offlineReady = null;
    const setOfflineReady = (ready) => {
      if (ready === offlineReady) return;
      offlineReady = ready;
      whenStarted(() => Module._czary_offline_ready(ready ? 1 : 0));
    };
    setOfflineReady(navigator.serviceWorker.controller !== null);
    // `ready` waits for an active worker (on a first visit, until it has kept every file).
    const askOffline = () => navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage('offline-status')).catch(() => {});
    navigator.serviceWorker.addEventListener('message', (event) => {
      if (event.data && typeof event.data.offline === 'string') setOfflineReady(event.data.offline === 'ready');
    });
    navigator.serviceWorker.startMessages();
    askOffline();
    // Registered once the app runs: by then the page has loaded the script and the wasm, and
    // the worker's precache only confirms them with the server.
    whenStarted(() => navigator.serviceWorker.register('sw.js').then((r) => {
      registration = r;
      announce();
      r.addEventListener('updatefound', () => {
        const worker = r.installing;
        if (worker) worker.addEventListener('statechange', () => worker.state === 'installed' && announce());
      });
    }).catch((error) => console.warn('service worker: ' + error)));
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (updateTaken) window.location.reload();
      else askOffline();
    });
    // Back online: a worker whose cache was incomplete fetches its build now.
    window.addEventListener('online', askOffline);
    // Phones keep the app open for days: look for a new version when it comes back to view.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && registration) {
        registration.update().catch(() => {});
        askOffline();
      }
    });
  }
  // Ask the browser to keep our storage (sessions) when it is short of space.
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    showMessage(pageText('contextLost'));
  });

  // Phones: SDL cannot open the keyboard, so a tap on a text field focuses a hidden textarea
  // inside the touch handler itself (a user gesture); what is typed goes to ImGui.
  const keyboard = document.getElementById('keyboard');
  const callString = (name, text) => {
    const length = Module.lengthBytesUTF8(text) + 1;
    const buffer = Module._malloc(length);
    try {
      Module.stringToUTF8(text, buffer, length);
      return Module['_' + name](buffer);
    } finally {
      Module._free(buffer);
    }
  };
  // "Pass to another device" (src/controller/share.hpp): a session file travels in the link's
  // fragment, '#s=' + base64url(deflate-raw(its text)), compressed by the browser itself. A
  // fragment is never sent to a server. The link's base is this page's own URL without its
  // fragment, so it works under any path.
  const shareBase = () => window.location.href.split('#')[0];
  const toBase64Url = (bytes) => {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const fromBase64Url = (text) => {
    if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  };
  const throughStream = (bytes, transform) =>
    new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer().then((buffer) => new Uint8Array(buffer));
  // The link ends with '.' and the CRC-32 of the session's text (8 hex digits): raw deflate has
  // no checksum of its own, and a link altered on its way (typed, cut, a character changed) may
  // still unpack, to another game; the check refuses it.
  const crcTable = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    return table;
  })();
  const crc32 = (bytes) => {
    let c = 0xFFFFFFFF;
    for (let i = 0; i < bytes.length; i += 1) c = crcTable[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
    return ((c ^ 0xFFFFFFFF) >>> 0).toString(16).padStart(8, '0');
  };
  // A link's session is unpacked at most up to the size a session file may have (the app's
  // session_file_limits, src/core/json_input.hpp, asked for once it runs): a hostile link of a
  // few kilobytes could otherwise unpack to gigabytes and take the tab down before the app could
  // refuse it. The packed bytes go in a kilobyte at a time: a browser unpacks each piece it is
  // given whole, and deflate packs at most about 1,000 to 1, so no piece unpacks to more than
  // about a megabyte before the limit is looked at (one piece of 1 MB took a gigabyte).
  const tooLarge = new Error('too large');
  const inflateLimited = async (bytes, limit) => {
    const stream = new DecompressionStream('deflate-raw');
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    const feeding = (async () => {
      for (let at = 0; at < bytes.length; at += 1024) await writer.write(bytes.subarray(at, at + 1024));
      await writer.close();
    })();
    feeding.catch(() => {});  // its failure is the reader's too
    const chunks = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > limit) throw tooLarge;
        chunks.push(value);
      }
      await feeding;
    } catch (error) {
      reader.cancel().catch(() => {});
      writer.abort().catch(() => {});
      throw error;
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  };
  // A link that opened this page: read once and taken out of the address bar at once, whether
  // the player then opens the session or not (a reload does not ask again). What cannot be read
  // (bad base64url, cut-short or damaged deflate data, text that is not UTF-8) is refused by the
  // app like a damaged file; what can is checked by the app like an import.
  const streams = (() => {
    try {
      return !!(new CompressionStream('deflate-raw') && new DecompressionStream('deflate-raw'));
    } catch (error) {
      return false;  // before Chrome 103, Firefox 113, Safari 16.4
    }
  })();
  // A live table's link, '#t=' + the table's id (docs/table-protocol.md): the app joins it (it
  // asks for the player's name the first time). The fragment goes, like a session's: a reload
  // rejoins from what the app remembers, and a link copied from the address bar is the app's.
  const readTableLink = () => {
    const id = window.location.hash.slice(3);
    window.history.replaceState(window.history.state, '', shareBase());
    whenStarted(() => callString('czary_table_link', id.slice(0, 64)));
  };
  const readSharedLink = () => {
    if (window.location.hash.startsWith('#t=')) return readTableLink();
    if (!window.location.hash.startsWith('#s=')) return;
    const [, payload, check] = /^#s=([^.]*)(?:\.([0-9a-f]{8}))?$/.exec(window.location.hash) ?? [];
    window.history.replaceState(window.history.state, '', shareBase());
    if (!streams) whenStarted(() => Module._czary_incoming_share_unreadable());
    else whenStarted(() => Promise.resolve()
      .then(() => {
        if (payload === undefined || check === undefined) throw new Error('no checksum');
        return inflateLimited(fromBase64Url(payload), Module._czary_session_max_bytes());
      })
      .then((bytes) => {
        if (crc32(bytes) !== check) throw new Error('checksum');
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      })
      .then((text) => whenStarted(() => callString('czary_incoming_share', text)),
            (error) => whenStarted(() => (error === tooLarge ? Module._czary_incoming_share_too_large() : Module._czary_incoming_share_damaged()))));
  };
  // The site's own table service, baked into the page by scripts/publish.sh --table-server (none:
  // this page's own address). Read before the link and the rejoin that may use it.
  whenStarted(() => {
    let config = {};
    try {
      config = JSON.parse(document.getElementById('page-config')?.textContent || '{}') || {};
    } catch (error) {
      console.warn('page-config: ' + error);
    }
    callString('czary_site_table_service', typeof config.tableServer === 'string' ? config.tableServer : '');
  });
  whenStarted(() => callString('czary_page_address', shareBase()));
  readSharedLink();
  // A link opened where Czary already runs (the same tab, or an installed app the camera hands
  // the link to) changes only the fragment: the page is not loaded again.
  window.addEventListener('hashchange', readSharedLink);
  // The system's share sheet, where it takes files (phones mostly).
  whenStarted(() => {
    let files = false;
    try {
      files = !!(navigator.share && navigator.canShare &&
                 navigator.canShare({ files: [new File(['{}'], 'czary.json', { type: 'application/json' })] }));
    } catch (error) { /* no share sheet */ }
    Module._czary_can_share_files(files ? 1 : 0);
  });

  // A swipe that ends on a field scrolled the page: it opens no keyboard (only a tap does).
  let touchStart = null;
  canvas.addEventListener('touchstart', (event) => {
    const touch = event.changedTouches[0];
    touchStart = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }, { passive: true });
  canvas.addEventListener('touchend', (event) => {
    if (!window.czary.ready || event.changedTouches.length === 0) return;
    const touch = event.changedTouches[0];
    if (touchStart && Math.hypot(touch.clientX - touchStart.x, touch.clientY - touchStart.y) > 10) return;
    const box = canvas.getBoundingClientRect();
    const x = touch.clientX - box.left;
    const y = touch.clientY - box.top;
    const fields = Object.entries(window.czary.layout()).filter(([id]) => id.startsWith('input:'));
    const onField = fields.some(([, r]) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h);
    if (onField) {
      keyboard.value = '';
      keyboard.focus({ preventScroll: true });
    } else if (document.activeElement === keyboard) {
      keyboard.blur();
    }
  });
  keyboard.addEventListener('input', () => {
    const text = keyboard.value;
    keyboard.value = '';
    if (text) callString('czary_text_input', text);
  });
  for (const type of ['keydown', 'keypress', 'keyup']) {
    keyboard.addEventListener(type, (event) => {
      event.stopPropagation();  // SDL listens on window and would type everything twice
      if (type !== 'keydown') return;
      if (event.key === 'Backspace' || event.key === 'Enter') callString('czary_text_key', event.key);
      if (event.key === 'Enter') keyboard.blur();
    });
  }

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    // Emscripten's own words are for the console; the player is told what to do.
    onAbort: (what) => {
      console.warn('abort: ' + what);
      showMessage(pageText('crashed'));
    },
    instantiateWasm(imports, receiveInstance) {
      if (!wasmModule) return false;  // too old: the message is shown, nothing starts
      wasmModule
        .then((module) => WebAssembly.instantiate(module, imports).then((instance) => openingSaid().then(() => receiveInstance(instance, module))),
              (error) => {
                console.warn('wasm: ' + error);
                cannotLoad('czary-app.wasm', (bytes) => WebAssembly.validate(bytes));
              })
        .catch((error) => {
          console.warn('start: ' + error);
          showMessage(pageText('crashed'));
        });
      return {};
    },
  };

  // The app opens the session open last before its first frame: a long one takes a moment, and
  // the loading line says what it is doing meanwhile (read from the entry's header; the app
  // itself leaves a session of more than 20,000 steps for the player to open).
  const openingSaid = () => {
    let name = null;
    try {
      const last = window.localStorage.getItem('czary.last');
      // The header: name (at most 200 bytes), revision, save ids (at most 17 of 16 digits), steps.
      const head = last && (window.localStorage.getItem(last) || '').slice(0, 3000);
      const steps = head && /"steps":(\d+)/.exec(head);
      const named = head && /"name":("(?:[^"\\]|\\.)*")/.exec(head);
      if (steps && Number(steps[1]) >= 1000 && Number(steps[1]) <= 20000 && named) name = JSON.parse(named[1]);
    } catch (error) { /* no storage, or a header that does not read: the app says so itself */ }
    if (name === null) return Promise.resolve();
    loading.textContent = pageText('opening').replace('{name}', name);
    // Painted before the app takes the thread (a hidden page paints nothing: no wait).
    return new Promise((resolve) => (document.hidden ? resolve() : requestAnimationFrame(() => setTimeout(resolve, 0))));
  };

  // Texts as the app can take them: half of a surrogate pair (which no UTF-8 holds) becomes U+FFFD.
  const wellFormed = (text) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '$1\uFFFD');
  const saveAs = (name, blob) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  };

  // The live table (docs/table-protocol.md): one WebSocket to the table's service, the URL the app
  // gives (a wss:// table service, docs/deploy.md), or, when it gives none, the host at this
  // page's own address + 'table' (scripts/serve.sh --lan). The app (src/controller/live_table.hpp) decides what is sent and what a frame
  // means; this carries frames and keeps the connection: it reconnects by itself with backoff
  // (1 s doubling to 30 s), at once when the page comes back into view or the network returns,
  // and a ping every 5 s notices a connection that died without a word (nothing heard for 15 s).
  const liveTable = { ws: null, wanted: false, retry: null, backoff: 1000, heard: 0, pinger: null, service: '' };
  const tableUrl = () => {
    if (liveTable.service) return liveTable.service;
    const url = new URL('table', document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    url.search = '';
    return url.href;
  };
  const tableDrop = () => {
    clearInterval(liveTable.pinger);
    const ws = liveTable.ws;
    liveTable.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try { ws.close(); } catch (error) { /* closing already */ }
    }
  };
  const tableLater = (delay) => {
    clearTimeout(liveTable.retry);
    liveTable.retry = setTimeout(tableOpen, delay);
  };
  const tableLost = () => {
    tableDrop();
    if (!liveTable.wanted) return;
    // The app says whether to try again (not after the host refused this phone).
    if (!Module._czary_table_lost(navigator.onLine ? 1 : 0)) {
      liveTable.wanted = false;
      return;
    }
    tableLater(liveTable.backoff);
    // At most 5 s apart: the host is at the table (a restart takes seconds), and a try costs little.
    liveTable.backoff = Math.min(5000, liveTable.backoff * 2);
  };
  const tableOpen = () => {
    clearTimeout(liveTable.retry);
    if (!liveTable.wanted || liveTable.ws) return;
    let ws;
    try {
      ws = new WebSocket(tableUrl());
    } catch (error) {
      tableLost();
      return;
    }
    liveTable.ws = ws;
    // A service that takes the connection and never answers (or a network that swallows it) is
    // given up after 10 s, as a refused one is, so that the phone says so instead of waiting.
    const opening = setTimeout(() => { if (liveTable.ws === ws && ws.readyState === WebSocket.CONNECTING) tableLost(); }, 10000);
    ws.onopen = () => {
      clearTimeout(opening);
      liveTable.heard = Date.now();
      const first = Module.UTF8ToString(Module._czary_table_first_frame());
      // None: the app no longer wants this connection (another tab of this browser holds the table).
      if (!first) {
        liveTable.wanted = false;
        tableDrop();
        return;
      }
      ws.send(first);
      liveTable.pinger = setInterval(() => {
        if (Date.now() - liveTable.heard > 15000) return tableLost();
        if (ws.readyState === WebSocket.OPEN) ws.send('{"t":"ping"}');
      }, 5000);
    };
    ws.onmessage = (event) => {
      liveTable.heard = Date.now();
      if (typeof event.data !== 'string') return;
      if (event.data === '{"t":"pong"}') return;
      if (event.data.includes('"t":"welcome"')) liveTable.backoff = 1000;
      callString('czary_table_receive', event.data);
    };
    ws.onclose = tableLost;
    ws.onerror = () => {};
  };
  const tableNow = () => {
    if (liveTable.wanted && !liveTable.ws) {
      liveTable.backoff = 1000;
      tableOpen();
    }
  };
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') tableNow(); });
  window.addEventListener('online', tableNow);
  // The phone says it lost the network: the connection is taken for lost at once (the socket would
  // stay open for up to 15 s before a ping noticed), and the top bar says so.
  window.addEventListener('offline', () => { if (liveTable.ws) tableLost(); });

  // A hook called before the app runs says so (its functions do not exist yet: a TypeError, or
  // a trap inside the wasm).
  const notReadyYet = (hook) => {
    if (!window.czary.ready) throw new Error(`window.czary.${hook}(): Czary is not ready yet; wait until window.czary.ready is true`);
  };

  window.czary = {
    ready: false,
    // The browser's storage as the app reads it (src/platform/web/browser_storage.cpp): every key
    // it can ask for again (one holding U+0000 or half of a surrogate pair is not ours and would
    // come back changed: it is left out), and stored texts made well-formed.
    _storageKeys() {
      const keys = [];
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i);
        if (key !== null && !key.includes('\u0000') && wellFormed(key) === key) keys.push(key);
      }
      return keys;
    },
    _wellFormed: wellFormed,
    // "Eksportuj surowy tekst": the stored value exactly as kept. As UTF-8 when it is well-formed;
    // else as UTF-16 (little-endian, with its byte-order mark), code unit for code unit.
    _downloadStored(name, key) {
      let value = null;
      try {
        value = window.localStorage.getItem(key);
      } catch (error) { /* storage switched off: nothing to export */ }
      if (value === null) return;
      if (wellFormed(value) === value) return saveAs(name, new Blob([value], { type: 'text/plain;charset=utf-8' }));
      const units = new Uint16Array(value.length + 1);
      units[0] = 0xFEFF;
      for (let i = 0; i < value.length; i += 1) units[i + 1] = value.charCodeAt(i);
      const bytes = new Uint8Array(units.length * 2);
      units.forEach((unit, i) => { bytes[2 * i] = unit & 0xFF; bytes[2 * i + 1] = unit >> 8; });
      saveAs(name, new Blob([bytes], { type: 'text/plain;charset=utf-16le' }));
    },
    // The live table's connection, asked for by the app (src/platform/web/main.cpp).
    _tableConnect(service) {
      liveTable.wanted = true;
      liveTable.service = service || '';
      tableDrop();
      tableNow();
    },
    _tableSend(frame) {
      if (liveTable.ws && liveTable.ws.readyState === WebSocket.OPEN) liveTable.ws.send(frame);
    },
    _tableClose() {
      liveTable.wanted = false;
      clearTimeout(liveTable.retry);
      tableDrop();
    },
    // Tests: the connection as if the network dropped (the app reconnects by itself).
    _tableDropForTest() {
      if (liveTable.ws) liveTable.ws.close();
    },
    // Called by the app's main() when it cannot go on (no WebGL, say: `why` in the app's
    // language, from data/i18n platform.*), or with Emscripten's own words when the wasm fails.
    _cannotStart(why) {
      showMessage(pageText('cannotStart') + why);
    },
    // Called by the app's main() once it is set up.
    _started() {
      window.czary.ready = true;
      loading.style.display = 'none';
      for (const call of waiting.splice(0)) call();
    },
    // The page's own report: frames drawn, WebGL version, font and glyphs it could not draw.
    status() {
      notReadyYet('status');
      return JSON.parse(Module.UTF8ToString(Module._czary_status_json()));
    },
    // The rules session as JSON (state, position, steps).
    state() {
      notReadyYet('state');
      return JSON.parse(Module.UTF8ToString(Module._czary_state_json()));
    },
    // The session file (format, version, start, actions, position).
    session() {
      notReadyYet('session');
      return JSON.parse(Module.UTF8ToString(Module._czary_session_json()));
    },
    // Applies a core action (object or JSON text); returns {ok, log, rolls, outcome} or
    // {ok: false, refusal: {code, rule, pl, en}}.
    dispatch(action) {
      notReadyYet('dispatch');
      const text = typeof action === 'string' ? action : JSON.stringify(action);
      const length = Module.lengthBytesUTF8(text) + 1;
      const buffer = Module._malloc(length);
      try {
        Module.stringToUTF8(text, buffer, length);
        return JSON.parse(Module.UTF8ToString(Module._czary_dispatch_json(buffer)));
      } finally {
        Module._free(buffer);
      }
    },
    // The live table (docs/table-protocol.md): make the open session a table on the host this
    // page came from, or join the table `id`, as `player`; table() is this phone's view of it
    // (null when the session is not a live table). The steps arrive by themselves.
    openTable(player) {
      notReadyYet('openTable');
      callString('czary_table_open', String(player));
    },
    joinTable(id, player) {
      notReadyYet('joinTable');
      callString('czary_table_join', JSON.stringify({ id: String(id), player: String(player) }));
    },
    table() {
      notReadyYet('table');
      return JSON.parse(Module.UTF8ToString(Module._czary_table_json()));
    },
    // The table service for the tables this phone opens, as a player names it in Sesje -> Stół na
    // żywo ('' goes back to the site's own): true when taken.
    setTableService(service) {
      notReadyYet('setTableService');
      return callString('czary_choose_table_service', String(service)) === 1;
    },
    playAlone() {
      notReadyYet('playAlone');
      Module._czary_table_play_alone();
    },
    // Rectangles {x, y, w, h} in CSS px of the widgets drawn in the last frame, by id.
    layout() {
      notReadyYet('layout');
      return JSON.parse(Module.UTF8ToString(Module._czary_layout_json()));
    },
    // The interface's own state: tab, selection, the cast being prepared, texts on screen.
    ui() {
      notReadyYet('ui');
      return JSON.parse(Module.UTF8ToString(Module._czary_ui_json()));
    },
    // The browser's part of export and import (called by the app).
    _download(name, text) {
      saveAs(name, new Blob([text], { type: 'application/json' }));
    },
    _pickFile() {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = '.json,application/json';
      input.addEventListener('change', async () => {
        const file = input.files && input.files[0];
        if (file) callString('czary_import_session', await file.text());
      });
      input.click();
    },
    // "Pass to another device": the link of a session file, reported back to the app.
    // An empty link: this browser cannot compress (the app offers the file instead).
    _makeShareLink(text) {
      const bytes = new TextEncoder().encode(text);
      Promise.resolve()
        .then(() => throughStream(bytes, new CompressionStream('deflate-raw')))
        .then((packed) => callString('czary_share_link', shareBase() + '#s=' + toBase64Url(packed) + '.' + crc32(bytes)),
              (error) => {
                console.warn('share link: ' + error);
                callString('czary_share_link', '');
              });
    },
    _shareFile(name, text) {
      const file = new File([text], name, { type: 'application/json' });
      navigator.share({ files: [file], title: name }).catch((error) => console.warn('share: ' + error));
    },
    // The player agreed to the new version: the waiting worker takes over, then the page reloads.
    // When another tab took it first, the new version already runs the worker: this page
    // reloads into it (the offer never does nothing).
    _applyUpdate() {
      updateTaken = true;
      if (registration && registration.waiting) registration.waiting.postMessage('take-update');
      else window.location.reload();
    },
    // Ask the server for a newer version now (the browser also does on its own).
    checkForUpdate() {
      return registration ? registration.update() : Promise.resolve();
    },
    // Draw a few frames now (the app draws nothing while idle).
    redraw(frames = 3) {
      notReadyYet('redraw');
      Module._czary_request_frames(frames);
    },
    // Called by the app after a frame in which one of these changed (src/platform/web/page_texts.cpp):
    // screen readers get what the canvas shows. The toast's text goes to #announce (empty once the
    // toast goes, so the same refusal made again is read again); the state's lines each to an
    // element of their own in #state, written only when that line changed, so a screen reader
    // reads what changed ("Zakładka: Stół"), not the whole description.
    _speak(language, announcement, description) {
      document.documentElement.lang = language;
      if (announce.textContent !== announcement) announce.textContent = announcement;
      const lines = description ? description.split('\n') : [];
      while (stateRegion.children.length > lines.length) stateRegion.lastElementChild.remove();
      lines.forEach((line, i) => {
        const element = stateRegion.children[i] || stateRegion.appendChild(document.createElement('p'));
        if (element.textContent !== line) element.textContent = line;
      });
    },
  };
})();
