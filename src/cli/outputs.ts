// The write rule of every command that writes (docs/robustness.md): never replace a file that exists
// unless --force is given, never write through a symlink, never write outside the output folder, never
// replace one of the command's own inputs, and report every name that had to be changed.
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from './inputs.js';
import type { CommandResult } from './commands/result.js';

export interface WriteOptions {
  /** Replace a regular file that is already there. Never a symlink, a directory or an input. */
  force: boolean;
  /** The command's inputs: never written, --force or not. */
  inputs?: readonly string[];
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

/**
 * Whether `path` may be written under the rule: an InputError naming it when not; true when a file is
 * there (and `force` allows replacing it), false when the path is free. Commands with several outputs
 * check them all before writing any.
 */
export function checkOutput(path: string, options: WriteOptions): boolean {
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(path);
  } catch {
    return false;
  }
  if (existing.isSymbolicLink()) throw new InputError(`${path}: is a symbolic link; gameanim never writes through one (remove it or choose another name)`);
  if (!existing.isFile()) throw new InputError(`${path}: exists and is not a file; nothing written`);
  if (identities(options.inputs ?? []).has(`${existing.dev}:${existing.ino}`)) throw new InputError(`${path}: is one of this command's inputs; gameanim never writes over its input (choose another output name)`);
  if (!options.force) throw new InputError(`${path}: already exists; nothing written (add --force to replace it)`);
  return true;
}

/**
 * Writes `data` to a new file at `path` (making its folder), after `checkOutput`. The open itself
 * refuses symlinks (O_NOFOLLOW, and O_EXCL for new files), so nothing is written through one even if it
 * appears between the check and the write.
 */
export function writeOutput(path: string, data: Uint8Array | string, options: WriteOptions): void {
  const existing = checkOutput(path, options);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new InputError(`${dirname(path)}: cannot make the output folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (existing ? constants.O_TRUNC : constants.O_EXCL);
  let fd: number;
  try {
    fd = openSync(path, flags, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new InputError(`${path}: already exists; nothing written (add --force to replace it)`);
    if (code === 'ELOOP') throw new InputError(`${path}: is a symbolic link; gameanim never writes through one`);
    throw new InputError(`${path}: cannot be written (${code ?? (error as Error).message})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new InputError(`${path}: is not a regular file; nothing written`);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
  } finally {
    closeSync(fd);
  }
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
    let base = name.replace(CONTROLS, '').replace(RESERVED, '_').replace(/^[. ]+|[. ]+$/g, '');
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

/** Writes the files under the write rule (src/cli/outputs.ts); a file that cannot be written is an input problem, exit 1. */
export function writeOutputs(files: Array<[string, Uint8Array | string]>, options: WriteOptions): CommandResult | undefined {
  try {
    // Check every output before writing any, so a refusal leaves nothing half written.
    for (const [path] of files) checkOutput(path, options);
    for (const [path, data] of files) writeOutput(path, data, options);
  } catch (error) {
    if (error instanceof InputError) return { inputErrors: [error.message] };
    throw error;
  }
  return undefined;
}
