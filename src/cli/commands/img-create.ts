// gameanim img create OUT [FILE|NAME=FILE...]: a new archive of the files given, in that order, packed
// from the first sector: SA's VER2 (one .img, its directory in the first sectors) or III/VC's v1 (a
// .dir directory and a header-less .img). Written under the write rule, the pair together or neither.
import { basename } from 'node:path';
import { EncodeError, IMGArchive, IMGEditor } from 'gameanim';
import type { FileSystem } from '../atomic-write.js';
import { entryLabel, entrySource } from '../img-entry-args.js';
import { InputError, pairedDir, pairedIMG, readInput } from '../inputs.js';
import { writeOutputs } from '../outputs.js';
import { plural } from '../text.js';
import { UsageErrorWithHelp } from '../usage-error.js';
import { onFile, report, type CommandResult } from './result.js';

type Version = 'VER2' | 'v1';

/**
 * The archive version: `--format VER2|V1` (any case), else v1 for an OUT ending in .dir and VER2 for
 * any other. A VER2 archive is one file, so a .dir is refused for it; a v1 archive needs a .dir or an
 * .img to name the pair after.
 */
export function createdVersion(out: string, format: string | undefined): Version {
  const version =
    format === undefined
      ? /\.dir$/i.test(out)
        ? 'v1'
        : 'VER2'
      : /^ver2$/i.test(format)
        ? 'VER2'
        : /^v1$/i.test(format)
          ? 'v1'
          : undefined;
  if (!version)
    throw new UsageErrorWithHelp(`img create --format takes VER2 (SA: one .img) or V1 (III/VC: a .dir and an .img), not "${format}"`);
  if (version === 'VER2' && /\.dir$/i.test(out))
    throw new UsageErrorWithHelp(`${out}: a VER2 archive is one .img file: name it .img (or give --format V1 for a .dir and an .img)`);
  if (version === 'v1' && !/\.(dir|img)$/i.test(out) && !bare(out))
    throw new UsageErrorWithHelp(`${out}: a III/VC archive is a .dir and an .img of one name: name either, or their name alone`);
  return version;
}

/** A name without an extension (`vc`): the name of a v1 pair, `vc.dir` and `vc.img`. */
const bare = (out: string) => !basename(out).includes('.');

/** The two files of a v1 archive named by OUT (either of them, or their name alone), the .dir first. */
const v1Pair = (out: string) =>
  bare(out)
    ? { dir: `${out}.dir`, img: `${out}.img` }
    : /\.dir$/i.test(out)
      ? { dir: out, img: pairedIMG(out) }
      : { dir: pairedDir(out), img: out };

export function imgCreate(
  out: string,
  args: string[],
  options: { format?: string; force: boolean; json: boolean; fs?: FileSystem },
  printText: (line: string) => void,
): CommandResult {
  const { print, json } = report(printText, options.json);
  const version = createdVersion(out, options.format);
  return onFile(out, () => {
    const sources = args.map(entrySource);
    const editor = IMGEditor.create(version);
    const added: string[] = [];
    const lengths: number[] = [];
    let written: { img: Uint8Array; dir: Uint8Array | null };
    try {
      for (const source of sources) {
        const data = readInput(source.file);
        editor.add(source.name, data);
        lengths.push(data.length);
        added.push(`added ${entryLabel(source)} (${data.length} bytes)`);
      }
      written = editor.write();
    } catch (error) {
      // The library's refusals: a name an IMG cannot hold, a name given twice, an entry too large.
      if (error instanceof EncodeError) throw new InputError(`${out}: ${error.message}`);
      throw error;
    }
    const pair = version === 'v1' ? v1Pair(out) : undefined;
    // The .img first: the .dir refers into it, and the pair is committed together (src/cli/atomic-write.ts).
    const targets: Array<[string, Uint8Array]> = pair
      ? [
          [pair.img, written.img],
          [pair.dir, written.dir!],
        ]
      : [[out, written.img]];
    const failed = writeOutputs(targets, { force: options.force, inputs: sources.map((source) => source.file), fs: options.fs });
    if (failed) return failed;
    // What was written, as our reader reads it back: the offsets and sizes the game's loader will see.
    const archive = pair ? IMGArchive.fromDir(written.dir!, written.img) : new IMGArchive(written.img);
    const files = targets.map(([path, bytes]) => ({ path, bytes: bytes.length })).reverse();
    for (const line of added) print(line);
    print(
      `${files.map((file) => file.path).join(' + ')}: ${version === 'v1' ? 'III/VC v1' : 'SA VER2'}, ${plural(archive.entries.length, 'entry', 'entries')}, ${files.map((file) => file.bytes).join(' + ')} bytes`,
    );
    const entries = archive.entries.map((entry, i) => ({
      name: entry.name,
      file: sources[i]!.file,
      bytes: lengths[i]!,
      offset: entry.offset,
      size: entry.size,
    }));
    return {
      inputErrors: [],
      json: json ? { written: files.map((file) => file.path), bytes: files.map((file) => file.bytes), version, entries } : undefined,
    };
  });
}
