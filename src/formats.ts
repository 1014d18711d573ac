// The format registry: one entry per file format. The CLI and the demo find a file's format here,
// and ask the entry to open, summarise and dump it. Adding a format means its folder (reader, writer,
// types, and a `format.ts` with its entry) and one line in FORMATS below.
import type { DecodeWarning } from './core/errors.js';
import type { Skeleton } from './core/skeleton.js';
import { dffFormat } from './dff/format.js';
import { iffFormat } from './iff/format.js';
import { igi2ClipFormat, igi2ModelFormat } from './igi2/format.js';
import { ifpFormat } from './ifp/format.js';
import { imgFormat } from './img/format.js';
import type { SkeletalClip } from './playback/clip.js';
import { animFormat } from './sprite/format.js';

export interface DumpOptions {
  /** Keep the clip of this name only (formats with `namedClips`). */
  anim?: string;
}

export interface FileFormat<Reader = any> {
  /** As in `DecodeError.format`. */
  readonly name: string;
  readonly description: string;
  /** Lower case, with the dot. */
  readonly extensions: readonly string[];
  /** True when the file holds several clips that `--anim` can pick by name. */
  readonly namedClips: boolean;
  /** Whether the bytes are this format, by their magic. */
  sniff(bytes: Uint8Array): boolean;
  /** The reader; throws a DecodeError for bad input. */
  open(bytes: Uint8Array): Reader;
  /** One line: what the file holds. */
  summary(reader: Reader): string;
  /** More lines for `info` (a model's bone table); none by default. */
  details?(reader: Reader): string[];
  warnings(reader: Reader): readonly DecodeWarning[];
  /** The clips a file holds, for listing and binding. */
  clips?(reader: Reader): SkeletalClip[];
  /** The skeleton a file carries, for binding. */
  skeleton?(reader: Reader): Skeleton | null;
  dumpText(reader: Reader, print: (line: string) => void, options: DumpOptions): void;
  /** The `--json` document (see the README's schema). */
  dumpJson(reader: Reader, file: string, options: DumpOptions): unknown;
}

export const FORMATS: readonly FileFormat[] = [ifpFormat, imgFormat, iffFormat, igi2ClipFormat, igi2ModelFormat, animFormat, dffFormat];

/** The format whose magic the bytes carry, else the one whose extension the path has, else undefined. */
export function findFormat(bytes: Uint8Array, path = ''): FileFormat | undefined {
  const lower = path.toLowerCase();
  return FORMATS.find((format) => format.sniff(bytes)) ?? FORMATS.find((format) => format.extensions.some((extension) => lower.endsWith(extension)));
}
