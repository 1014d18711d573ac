import type { SkeletalClip } from 'gameanim';
import { f32Text, inlineText, textTable } from '../text.js';
import { clipSources, type ClipSource } from '../clip-sources.js';
import { errorsNamed, merged, report, type CommandResult } from './result.js';
import { append } from '../append.js';
import { atLeastOne, defineCommand } from '../command-spec.js';
import { jsonFlag } from '../common-flags.js';

type Source = ClipSource;

/**
 * The clips of each file (or of every entry of an archive): name, tracks, keys, seconds. With several
 * files, each table is headed by its file; with --json, one document for them all.
 */
export function list(paths: string[], print: (line: string) => void, json = false): CommandResult {
  const out = report(print, json);
  const sources: Source[] = [];
  const errors: Array<{ file: string; error: string }> = [];
  const result = merged(
    paths.map((path) =>
      errorsNamed(path, errors, () => {
        const found = clipSources(path, 'to list');
        append(sources, found);
        if (paths.length > 1) out.print(`${path}:`);
        printSources(found, out.print);
        return { inputErrors: [] };
      }),
    ),
  );
  if (!json) return result;
  // A file that could not be read is in the document too: a script sees it without reading stderr.
  return {
    ...result,
    json: {
      animations: sources.flatMap(({ file, entry, clips }) =>
        clips.map((clip) => ({
          file,
          entry,
          name: clip.name,
          tracks: clip.tracks.length,
          keys: keyCount(clip),
          duration: Math.fround(clip.duration),
        })),
      ),
      warnings: sources.flatMap(({ file, entry, warnings }) =>
        warnings.map((w) => ({ file, entry, code: w.code, offset: w.offset, message: w.message })),
      ),
      errors,
    },
  };
}

const keyCount = (clip: SkeletalClip) => clip.tracks.reduce((n, t) => n + t.times.length, 0);

function printSources(sources: Source[], print: (line: string) => void): void {
  const prefix = (entry: string | null) => (entry === null ? '' : `${entry}/`);
  const rows = sources.flatMap(({ entry, clips }) =>
    clips.map((clip) => [
      prefix(entry) + (clip.name || '(unnamed)'),
      String(clip.tracks.length),
      String(keyCount(clip)),
      f32Text(Math.fround(clip.duration)),
    ]),
  );
  print(textTable(['animation', 'tracks', 'keys', 'seconds'], rows));
  for (const { entry, warnings } of sources) for (const w of warnings) print(inlineText(`${prefix(entry)}warning ${w.code}: ${w.message}`));
}

/** `gameanim list FILE... [--json]`. */
export const listSpec = defineCommand({
  name: 'list',
  help: `usage: gameanim list FILE... [--json]

Lists the animations of each file (IFP, ANM2, IGI 2 clips, or every animation entry of an IMG
archive): name, tracks, keys and duration in seconds; with several files, one table per file.`,
  overview: [{ usage: 'list FILE... [--json]', summary: 'animations with track counts, key counts and durations' }],
  flags: { json: jsonFlag },
  parse: (values, positionals, context) => ({ paths: atLeastOne(positionals, 'FILE', context), json: Boolean(values.json) }),
  run: ({ paths, json }, print) => list(paths, print, json),
});
