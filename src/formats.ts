// The format registry: one entry per file format. The CLI and the demo find a file's format here,
// and ask the entry to open, summarise and dump it. Adding a format means its folder (reader, writer,
// types, and a `format.ts` with its entry) and one line in FORMATS below.
import type { FileFormat } from './core/file-format.js';
import { dffFormat } from './dff/format.js';
import { iffFormat } from './iff/format.js';
import { igi2ClipFormat, igi2ModelFormat } from './igi2/format.js';
import { ifpFormat } from './ifp/format.js';
import { imgFormat } from './img/format.js';
import { animFormat } from './sprite/format.js';

export type { DumpOptions, FileFormat } from './core/file-format.js';

export const FORMATS: readonly FileFormat[] = [ifpFormat, imgFormat, iffFormat, igi2ClipFormat, igi2ModelFormat, animFormat, dffFormat];

/** The format whose magic the bytes carry, else the one whose extension the path has, else undefined. */
export function findFormat(bytes: Uint8Array, path = ''): FileFormat | undefined {
  const lower = path.toLowerCase();
  return FORMATS.find((format) => format.sniff(bytes)) ?? FORMATS.find((format) => format.extensions.some((extension) => lower.endsWith(extension)));
}
