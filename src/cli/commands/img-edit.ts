// gameanim img add | replace | delete | rename | rebuild: an archive changed, into a new archive
// (-o OUT) or in place (--in-place: written to temporary files beside it, then renamed over it, so a
// failure never leaves a half-written archive).
import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ImgEditor, type WrittenImg } from 'gameanim';
import { InputError, openArchive, readInput } from '../inputs.js';
import { checkOutput, writeOutput } from '../outputs.js';
import { onFile, report, type CommandResult } from './result.js';

export function imgEdit(action: 'add' | 'replace' | 'delete' | 'rename' | 'rebuild', archivePath: string, args: string[], options: { out?: string; inPlace: boolean; force: boolean; json: boolean }, printText: (line: string) => void): CommandResult {
  const { print, json } = report(printText, options.json);
  return onFile(archivePath, () => {
    const { archive } = openArchive(archivePath, readInput(archivePath), true);
    const editor = ImgEditor.from(archive);
    const done: string[] = [];
    let written: WrittenImg;
    try {
      if (action === 'add' || action === 'replace') {
        for (const file of args) {
          const data = readInput(file);
          if (action === 'add') editor.add(basename(file), data);
          else editor.replace(basename(file), data);
          done.push(`${action === 'add' ? 'added' : 'replaced'} ${basename(file)} (${data.length} bytes)`);
        }
      } else if (action === 'delete') for (const name of args) editor.delete(name), done.push(`deleted ${name}`);
      else if (action === 'rename') {
        if (args.length !== 2) throw new RangeError('img rename takes ARCHIVE OLD NEW');
        editor.rename(args[0]!, args[1]!);
        done.push(`renamed ${args[0]} to ${args[1]}`);
      } else editor.rebuild(), done.push('rebuilt: entries packed in directory order');
      // Inside the try: what only writing finds (an entry too large for its size field) is one line too.
      written = editor.write();
    } catch (error) {
      // RangeError covers the library's refusals (EncodeError is one): a name it cannot store, a missing entry.
      if (error instanceof RangeError) throw new InputError(`${archivePath}: ${error.message}`);
      throw error;
    }
    const { img, dir } = written;
    const v1 = dir !== null;
    const imgOf = (path: string) => (v1 ? path.replace(/\.dir$/i, (ext) => (ext === '.DIR' ? '.IMG' : '.img')) : path);
    const targets: Array<[string, Uint8Array]> = v1 ? [[options.out ?? archivePath, dir], [imgOf(options.out ?? archivePath), img]] : [[options.out ?? archivePath, img]];
    if (v1 && options.out && !/\.dir$/i.test(options.out)) throw new InputError(`${options.out}: a III/VC archive is written as a .dir with its .img beside it: name the .dir`);
    if (options.inPlace) {
      // Temporary files beside the archive, renamed over it once all are written.
      const temporary = targets.map(([path, data]) => [join(dirname(path), `.${basename(path)}.gameanim-${process.pid}.tmp`), path, data] as const);
      try {
        for (const [tmp, , data] of temporary) writeOutput(tmp, data, { force: false });
        for (const [tmp, path] of temporary) renameSync(tmp, path);
      } finally {
        for (const [tmp] of temporary) if (existsSync(tmp)) rmSync(tmp);
      }
    } else {
      for (const [path] of targets) checkOutput(path, { force: options.force, inputs: [archivePath, imgOf(archivePath), ...args] });
      for (const [path, data] of targets) writeOutput(path, data, { force: options.force, inputs: [archivePath, imgOf(archivePath), ...args] });
    }
    for (const line of done) print(line);
    print(`${targets.map(([path]) => path).join(' + ')}: ${editor.names.length} entries`);
    return { inputErrors: [], json: json ? { written: targets.map(([path]) => path), steps: done, entries: editor.names } : undefined };
  });
}
