// How the command line and the viewer show a file: each presentation (src/cli/present/<format>.ts)
// pairs a library entry (`FileFormat`) with the text and JSON the tools print. A format registered
// without one is shown by its capabilities (src/cli/present/generic.ts).
import type { FileFormat } from 'gameanim';

export interface DumpOptions {
  /** Keep the clip of this name only (formats with `packages`). */
  anim?: string;
}

export interface Presentation<Reader> {
  readonly format: FileFormat<Reader>;
  /** One line: what the file holds; `size`, the file's length in bytes, where the caller has it. */
  summary(reader: Reader, size?: number): string;
  /** More lines for `info` (a model's bone table); none by default. */
  details?(reader: Reader): string[];
  /** Said after the summary by `info` (the decode path an IFP file took). */
  infoNote?(reader: Reader): string;
  /** Every decoded value as text, for `dump`; a presentation without it cannot be dumped (every built-in one has it). */
  dumpText?(reader: Reader, print: (line: string) => void, options: DumpOptions): void;
  /** The `--json` document of `dump` (docs/guides/cli.md, "JSON output", has its schema); with `dumpText`. */
  dumpJson?(reader: Reader, file: string, options: DumpOptions): unknown;
}
