// The format registry: one line per file format. The command line, the viewer and the demo find a
// file's format here, open it through the entry and print it through the entry's presentation.
// Adding a format means its folder (reader, writer, types, `format.ts` with the entry, `present.ts`
// with what the tools print) and one line in FORMATS below. Nothing in the library imports this file.
import type { Presentation } from './cli/presentation.js';
import { dffPresentation } from './dff/present.js';
import { iffPresentation } from './iff/present.js';
import { igi2ClipPresentation, igi2ModelPresentation } from './igi2/present.js';
import { ifpPresentation } from './ifp/present.js';
import { imgPresentation } from './img/present.js';
import { animPresentation } from './sprite/present.js';
import { cameraPathPresentation } from './camera/present.js';
import { txdPresentation } from './txd/present.js';

export type { FileFormat } from 'gameanim';
export type { DumpOptions, Presentation } from './cli/presentation.js';

export const FORMATS: readonly Presentation[] = [
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

/** The format whose magic the bytes carry, else the one whose extension the path has, else undefined. */
export function findFormat(bytes: Uint8Array, path = ''): Presentation | undefined {
  const lower = path.toLowerCase();
  return FORMATS.find(({ format }) => format.sniff(bytes)) ?? FORMATS.find(({ format }) => format.extensions.some((extension) => lower.endsWith(extension)));
}
