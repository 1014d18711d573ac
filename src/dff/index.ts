export { DFFReader } from './reader.js';
export { writeDFF, type DffDoc } from './writer.js';
export type { DffRigidAtomic } from './rigid-writer.js';
export type { DffFrame, DFFReaderOptions } from './types.js';
export type { DffGeometry, DffGroup, DffMaterial } from './geometry.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { dffFormat } from './format.js';
export { DFF_CODES } from './codes.js';
