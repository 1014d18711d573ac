/** A mistake in how the command was called: exit code 2, with the command's help. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly help?: string,
  ) {
    super(message);
  }
}

export const HELP: Record<string, string> = {
  main: `gameanim: decode game animation files (GTA IFP, IMG archives, IGI 2 FORM/ANM2, ANIM sprite scripts)

usage: gameanim <command> [options]

commands:
  info FILE...                  format, packages, counts and warnings (IMG archives entry by entry)
  list FILE                     animations with track counts, key counts and durations
  dump FILE [--anim NAME] [--json]
                                every decoded value
  img ls ARCHIVE                entries of an IMG archive (VER2 .img, or a III/VC .dir)
  img extract ARCHIVE [NAME...] [-o DIR] [--force]
                                write entries to files
  bench [--corpus DIR] [--quick]
                                the benchmark suite on the generated SA-sized corpus

gameanim <command> --help shows a command's options.
exit codes: 0 ok, 1 decode error (names the file and byte offset), 2 usage error`,
  info: `usage: gameanim info FILE...

Prints each file's format, packages, animation/track/keyframe counts and warnings (for FORM/ANM2
files: bones, frames, sample rate, duration, root motion, unknown chunks). IMG archives
(.img VER2, or a III/VC .dir with its .img beside it) are walked entry by entry; IFP entries are
decoded, others are listed. A progress bar shows on a terminal for archives and many files.`,
  list: `usage: gameanim list FILE

Lists the animations of an IFP file (or of every IFP entry of an IMG archive): name, tracks, keys
and duration in seconds.`,
  dump: `usage: gameanim dump FILE [--anim NAME] [--json]

Prints every decoded value of an IFP or FORM/ANM2 file, or the script listing of an ANIM file.
--anim keeps one IFP animation
(case-insensitive). --json prints the document described in the README ("JSON dump schema").`,
  img: `usage: gameanim img ls ARCHIVE
       gameanim img extract ARCHIVE [NAME...] [-o DIR] [--force]

ARCHIVE is a SA VER2 .img, or a III/VC .dir (its .img must sit beside it for extract). extract
writes the named entries (all when none are named) into DIR (default: the current folder). When
entries overlap so that this would write more than 64 times the archive's size, nothing is written
unless --force is given.`,
  bench: `usage: gameanim bench [--corpus DIR] [--quick]

Runs the benchmark suite: decoding the SA-sized corpus with each backend, the naive baseline and the
memcpy bound. The corpus is generated into DIR (default bench/corpus) on first use. A full run
writes bench/RESULTS.md and appends to bench/history/. --quick runs a tiny corpus, writes nothing.
Peak memory per decoder is measured in a fresh child process.`,
};
