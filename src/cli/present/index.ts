// The tools' registry of presentations: what the command line and the viewer print for each entry of
// the library's registry (FORMATS), paired with it by the entry itself. Adding a format adds one
// presentation here (test/registry.test.ts checks that every entry has exactly one).
import { findFormat, type AnyFileFormat } from 'gameanim';
import type { Presentation } from '../presentation.js';
import { cameraPathPresentation } from './camera.js';
import { dffPresentation } from './dff.js';
import { iffPresentation } from './iff.js';
import { ifpPresentation } from './ifp.js';
import { igi2ClipPresentation, igi2ModelPresentation } from './igi2.js';
import { imgPresentation } from './img.js';
import { animPresentation } from './sprite.js';
import { txdPresentation } from './txd.js';

export type { DumpOptions, Presentation } from '../presentation.js';

export const PRESENTATIONS: readonly Presentation<unknown>[] = [
  ifpPresentation,
  imgPresentation,
  iffPresentation,
  igi2ClipPresentation,
  igi2ModelPresentation,
  animPresentation,
  dffPresentation,
  cameraPathPresentation,
  txdPresentation,
];

/** The presentation of a registry entry. */
export function presentationOf(format: AnyFileFormat): Presentation<unknown> {
  const found = PRESENTATIONS.find((presentation) => presentation.format === format);
  if (!found) throw new Error(`no presentation for the ${format.name} entry (${format.description}): add one to src/cli/present/index.ts`);
  return found;
}

/** The presentation of the format whose magic the bytes carry, else whose extension the name has. */
export function findPresentation(bytes: Uint8Array, name = ''): Presentation<unknown> | undefined {
  const format = findFormat(bytes, name);
  return format && presentationOf(format);
}
