// gameanim img add | replace | delete | rename | rebuild: an archive changed, into a new archive
// (-o OUT) or in place (--in-place), both under the write rule: temporary files beside the targets,
// renamed over them together, so a failure never leaves a half-written archive or a .dir and .img that
// disagree.
import { plural } from '../text.js';
import { existsSync } from 'node:fs';
import { EncodeError, IMGEditor, type WrittenIMG } from 'gameanim';
import type { FileSystem } from '../atomic-write.js';
import { entryLabel, entrySource } from '../img-entry-args.js';
import { filesRead, InputError, openArchive, pairedDir, pairedIMG, readInput } from '../inputs.js';
import { writeOutputs } from '../outputs.js';
import { UsageErrorWithHelp } from '../usage-error.js';
import { onFile, report, type CommandResult } from './result.js';

export function imgEdit(
  action: 'add' | 'replace' | 'delete' | 'rename' | 'rebuild',
  archivePath: string,
  args: string[],
  options: { out?: string; inPlace: boolean; force: boolean; json: boolean; fs?: FileSystem },
  printText: (line: string) => void,
): CommandResult {
  const { print, json } = report(printText, options.json);
  return onFile(archivePath, () => {
    if (action === 'add' && !existsSync(archivePath))
      throw new InputError(`${archivePath}: no such file (gameanim img create ${archivePath} FILE... makes a new archive)`);
    const sources = action === 'add' || action === 'replace' ? args.map(entrySource) : [];
    const { archive } = openArchive(archivePath, readInput(archivePath), true);
    const editor = IMGEditor.from(archive);
    const done: string[] = [];
    let archiveBytes: WrittenIMG;
    try {
      if (action === 'add' || action === 'replace') {
        for (const source of sources) {
          const data = readInput(source.file);
          if (action === 'add') editor.add(source.name, data);
          else editor.replace(source.name, data);
          done.push(`${action === 'add' ? 'added' : 'replaced'} ${entryLabel(source)} (${data.length} bytes)`);
        }
      } else if (action === 'delete') for (const name of args) editor.delete(name), done.push(`deleted ${name}`);
      else if (action === 'rename') {
        if (args.length !== 2) throw new UsageErrorWithHelp('img rename takes ARCHIVE OLD NEW');
        editor.rename(args[0]!, args[1]!);
        done.push(`renamed ${args[0]} to ${args[1]}`);
      } else editor.rebuild(), done.push('rebuilt: entries packed in directory order');
      // Inside the try: what only writing finds (an entry too large for its size field) is one line too.
      archiveBytes = editor.write();
    } catch (error) {
      // The library's refusals (EditError is an EncodeError): a name it cannot store, a missing entry.
      if (error instanceof EncodeError) throw new InputError(`${archivePath}: ${error.message}`);
      throw error;
    }
    const { img, dir } = archiveBytes;
    // A III/VC pair may be named by either file: its .img names the .dir beside it.
    const out = dir && /\.img$/i.test(options.out ?? archivePath) ? pairedDir(options.out ?? archivePath) : (options.out ?? archivePath);
    if (dir && !/\.dir$/i.test(out))
      throw new InputError(`${out}: a III/VC archive is written as a .dir with its .img beside it: name the .dir`);
    // The .img first: the .dir refers into it, and the pair is committed together (src/cli/atomic-write.ts).
    const targets: Array<[string, Uint8Array]> = dir
      ? [
          [pairedIMG(out), img],
          [out, dir],
        ]
      : [[out, img]];
    const added = sources.map((source) => source.file);
    // In place, the archive is the target; the files added are still inputs, never written.
    const failed = writeOutputs(targets, {
      force: options.force,
      inPlace: options.inPlace,
      inputs: options.inPlace ? added : [...filesRead(archivePath), ...added],
      fs: options.fs,
    });
    if (failed) return failed;
    const written = targets.map(([path]) => path).reverse();
    for (const line of done) print(line);
    print(`${written.join(' + ')}: ${plural(editor.names.length, 'entry', 'entries')}`);
    return { inputErrors: [], json: json ? { written, steps: done, entries: editor.names } : undefined };
  });
}
