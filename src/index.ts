// gameanim: everything public, from one entry point. Each subpath's index is re-exported whole, so an
// export added to a format can't be left out of the root by hand (test/package.test.ts checks it).
export * from './ifp/index.js';
export * from './img/index.js';
export * from './iff/index.js';
export * from './sprite/index.js';
export * from './dff/index.js';
export * from './igi2/index.js';
export * from './playback/index.js';
export * from './core/index.js';
export * from './camera/index.js';
export * from './txd/index.js';
export * from './edit/index.js';
export { FORMATS, CODES, findFormat, openFile, register, type OpenedFile } from './registry.js';
