// How the command line and the viewer show a file: each presentation (src/cli/present/<format>.ts)
// pairs a library entry (`FileFormat`) with the text and JSON the tools print.
import type { FileFormat } from 'gameanim';

export interface DumpOptions {
  /** Keep the clip of this name only (formats with `packages`). */
  anim?: string;
}

export interface Presentation<Reader> {
  readonly format: FileFormat<Reader>;
  /** One line: what the file holds. */
  summary(reader: Reader): string;
  /** More lines for `info` (a model's bone table); none by default. */
  details?(reader: Reader): string[];
  /** Said after the summary by `info` (the decode path an IFP file took). */
  infoNote?(reader: Reader): string;
  dumpText(reader: Reader, print: (line: string) => void, options: DumpOptions): void;
  /** The `--json` document (docs/guides/cli.md, "JSON output", has its schema). */
  dumpJson(reader: Reader, file: string, options: DumpOptions): unknown;
}
