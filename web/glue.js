// Browser glue between the page and the wasm app: the Module settings Emscripten reads, a
// visible message when the app cannot start, and window.czary, the hook for tests and tools.
'use strict';

(function () {
  const canvas = document.getElementById('canvas');
  const message = document.getElementById('message');

  function showMessage(text) {
    message.textContent = text;
    message.style.display = 'block';
  }

  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    showMessage('Utracono kontekst WebGL — odśwież stronę. / WebGL context lost — reload the page.');
  });

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => showMessage('Czary nie mogą się uruchomić / Czary cannot start: ' + what),
    onRuntimeInitialized() {
      window.czary.ready = true;
    },
  };

  window.czary = {
    ready: false,
    // The page's own report: frames drawn, WebGL version, font and glyphs it could not draw.
    status() {
      return JSON.parse(Module.UTF8ToString(Module._czary_status_json()));
    },
  };
})();
