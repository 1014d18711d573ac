// The write rule of every command that writes (docs/robustness.md): never replace a file that exists
// unless --force is given (or --in-place names it), never write through a symlink nor replace one by a
// copy, never replace a read-only file without --force, nor one with other hard links, never write
// outside the output folder, never replace one of the command's own inputs, and report every name that
// had to be changed. How the bytes reach the disk (atomically) is src/cli/atomic-write.ts.
import { accessSync, constants, lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { commitFiles, type FileSystem } from './atomic-write.js';
import { InputError } from './inputs.js';
import type { CommandResult } from './commands/result.js';

export interface WriteOptions {
  /** Replace a regular file that is already there. Never a symlink, a directory or an input. */
  force: boolean;
  /** The command's inputs: never written, --force or not. */
  inputs?: readonly string[];
  /** The target is the file being edited (--in-place): it may be replaced without --force, unless read-only. */
  inPlace?: boolean;
  /** The file system calls (node:fs; tests pass one that fails). */
  fs?: FileSystem;
}

/** Device and inode of the files that exist among these paths. */
function identities(paths: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const path of paths) {
    try {
      const stat = statSync(path);
      ids.add(`${stat.dev}:${stat.ino}`);
    } catch {
      // A path that does not exist cannot be overwritten.
    }
  }
  return ids;
}

/** Whether the user may not write the file: no write bit at all (root included), or access denied. */
function readOnly(path: string, stat: Stats): boolean {
  if ((stat.mode & 0o222) === 0) return true;
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

function linkTarget(path: string): string {
  try {
    return ` (to ${realpathSync(path)})`;
  } catch {
    return '';
  }
}

/**
 * Whether `path` may be written under the rule: an InputError naming it when not; the file there (whose
 * mode and owner the new one keeps) when it may be replaced, undefined when the path is free. Commands
 * with several outputs check them all before writing any.
 */
export function checkOutput(path: string, options: WriteOptions): Stats | undefined {
  let existing: Stats;
  try {
    existing = lstatSync(path);
  } catch {
    return undefined;
  }
  if (existing.isSymbolicLink())
    throw new InputError(
      `${path}: is a symbolic link${linkTarget(path)}; gameanim never writes through one, nor replaces it by a copy (name the file itself, or another name)`,
    );
  if (!existing.isFile()) throw new InputError(`${path}: exists and is not a file; nothing written`);
  if (identities(options.inputs ?? []).has(`${existing.dev}:${existing.ino}`))
    throw new InputError(`${path}: is one of this command's inputs; gameanim never writes over its input (choose another output name)`);
  if (!options.force && !options.inPlace) throw new InputError(`${path}: already exists; nothing written (add --force to replace it)`);
  // A replacement is a new file renamed over the name: the other names of a hard link would keep the old bytes.
  if (existing.nlink > 1)
    throw new InputError(
      `${path}: has ${existing.nlink} hard links, which replacing it would break (the other names keep the old file); nothing written (write to another name)`,
    );
  if (!options.force && readOnly(path, existing))
    throw new InputError(
      `${path}: is read-only (mode ${(existing.mode & 0o777).toString(8).padStart(4, '0')}); nothing written (add --force to replace it, keeping its mode)`,
    );
  return existing;
}

/** Writes `data` to `path` (making its folder) after `checkOutput`: atomically, keeping a replaced file's mode. */
export function writeOutput(path: string, data: Uint8Array | string, options: WriteOptions): void {
  commitFiles([{ path, data, existing: checkOutput(path, options) }], options.fs);
}

/** Control characters, dropped from file names: C0 (NUL included), DEL and C1 (U+009B is a CSI on some terminals). */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Path separators and what Windows forbids: replaced, so the name keeps its shape. */
const RESERVED = /[/\\:*?"<>|]/g;

/**
 * File names for entries written into one folder (archive entries, textures, batch exports): only a
 * plain name inside the folder, never `.`, `..`, a path or a control character (dropped), and no two
 * alike (compared without case, as the games and some file systems compare them). Returns each
 * entry's file name and the renames to report.
 */
export function outputNames(names: readonly string[]): { files: string[]; renamed: Array<{ from: string; to: string }> } {
  const taken = new Set<string>();
  const renamed: Array<{ from: string; to: string }> = [];
  const files = names.map((name) => {
    let base = name
      .replace(CONTROLS, '')
      .replace(RESERVED, '_')
      .replace(/^[. ]+|[. ]+$/g, '');
    if (!base) base = 'unnamed';
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const dot = base.lastIndexOf('.');
      candidate = dot > 0 ? `${base.slice(0, dot)}~${n}${base.slice(dot)}` : `${base}~${n}`;
    }
    taken.add(candidate.toLowerCase());
    if (candidate !== name) renamed.push({ from: name, to: candidate });
    return candidate;
  });
  return { files, renamed };
}

/** Writes the files under the write rule, all or none; a file that cannot be written is an input problem, exit 1. */
export function writeOutputs(files: Array<[string, Uint8Array | string]>, options: WriteOptions): CommandResult | undefined {
  try {
    // Every output is checked before any is written, and all are committed together or none is.
    const checked = files.map(([path, data]) => ({ path, data, existing: checkOutput(path, options) }));
    commitFiles(checked, options.fs);
  } catch (error) {
    if (error instanceof InputError) return { inputErrors: [error.message] };
    throw error;
  }
  return undefined;
}
