// The rules core as wasm (build/wasm/host/czary-table-core.{cjs,wasm}, the CMake target
// czary-table-core), wrapped so that nothing a phone sends can break it for the other tables:
// - every text crosses into the core through the heap (malloc'd, freed after the call), never the
//   wasm stack (5 MiB: a 2 MiB session of Polish text took 4 bytes a character there and trapped);
// - a trap in the core (a WebAssembly.RuntimeError, an abort) is thrown as CoreFault; the caller
//   starts the core anew (restart(): a fresh instance of the compiled module, made synchronously)
//   and reads its tables again from disk. Handles of the old instance are then void.
import { oneLine } from './untrusted.mjs';

export class CoreFault extends Error {
  constructor(call, error) {
    super(`the rules core failed in ${call}: ${oneLine(error)}`);
    this.call = call;
  }
}

export function makeTableCore(create, wasmBinary, { trapOn } = {}) {
  const compiled = new WebAssembly.Module(wasmBinary);
  let module = null;
  let generation = 0;
  const start = () => {
    // Instantiated synchronously (Emscripten's instantiateWasm hook), so that a restart happens
    // inside the frame that caused it, before any other frame is read. The glue is built with
    // NODEJS_CATCH_EXIT=0 and NODEJS_CATCH_REJECTION=0: it installs no handlers on the process.
    const made = {
      print: () => {},
      printErr: () => {},
      instantiateWasm(imports, receive) {
        const instance = new WebAssembly.Instance(compiled, imports);
        receive(instance, compiled);
        return instance.exports;
      },
    };
    create(made).catch(() => {});
    if (!made.calledRun) throw new Error('the rules core did not start');
    module = made;
    generation += 1;
  };
  start();

  // One call: strings copied into the heap, the answer (a pointer to text, or a number) read back.
  const call = (name, returnsText, ...args) => {
    const pointers = [];
    try {
      const values = args.map((value) => {
        if (typeof value !== 'string') return value;
        const pointer = module.allocateUTF8(value);
        if (!pointer) throw new Error('out of memory');
        pointers.push(pointer);
        return pointer;
      });
      // Tests make the core trap for real: a pointer far outside its memory.
      if (trapOn?.(name, args)) values[values.length - 1] = 0x7ffffff0;
      const out = module[`_${name}`](...values);
      return returnsText ? module.UTF8ToString(out) : out;
    } catch (error) {
      throw new CoreFault(name, error);
    } finally {
      try {
        for (const pointer of pointers) module._free(pointer);
      } catch { /* the instance is broken: it is replaced */ }
    }
  };
  const json = (name, ...args) => JSON.parse(call(name, true, ...args));

  const versions = json('table_core_versions');
  return {
    versions,
    get generation() { return generation; },
    restart: start,
    open: (text) => json('table_open', text),
    apply: (handle, text) => json('table_apply', handle, text),
    undo: (handle) => call('table_undo', false, handle),
    redo: (handle) => call('table_redo', false, handle),
    where: (handle) => json('table_where', handle),
    file: (handle) => call('table_file', true, handle),
    close: (handle) => call('table_close', false, handle),
  };
}
