// gameanim: everything public, from one entry point.
export * from './ifp/index.js';
export * from './img/index.js';
