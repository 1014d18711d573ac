// The contract of a format's registry entry (src/<format>/format.ts): how the command line, the viewer
// and the demo find, open, summarise and dump a file, and what it offers (clips, a skeleton).
import type { SkeletalClip } from './clip.js';
import type { DecodeWarning } from './errors.js';
import type { Skeleton } from './skeleton.js';

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
