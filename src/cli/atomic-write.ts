// How a command's files reach the disk (docs/robustness.md, "The write rule"): each to a temporary file
// in its target's folder, written whole and fsync'd, then renamed over the target, so a reader sees the
// old file or the new one, never a part. Files written together (a III/VC .dir and its .img, a .gltf
// and its .bin) are committed as one: if any cannot be, those already renamed are put back. Whatever
// fails (ENOSPC, EPERM, EACCES, EIO) leaves no temporary behind and is one WriteError naming the path.
import * as nodeFs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { InputError } from './inputs.js';

/** The calls a write makes: node:fs, or a test's stand-in that fails one of them as a full disk would. */
export type FileSystem = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'fchmodSync'
  | 'fchownSync'
  | 'renameSync'
  | 'linkSync'
  | 'unlinkSync'
  | 'mkdirSync'
>;

/** A file that could not be written (a full disk, a permission): exit 1, one line, nothing left behind. */
export class WriteError extends InputError {}

/** One file to write; `existing` is the file it replaces (checked by the caller), whose mode and owner it keeps. */
export interface Commit {
  path: string;
  data: Uint8Array | string;
  existing?: nodeFs.Stats;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
const failed = (path: string, error: unknown) =>
  error instanceof InputError ? error : new WriteError(`${path}: cannot be written (${codeOf(error)}); nothing written`);
/** A name beside `path` that no other process (or earlier run) holds; the leading dot keeps it out of listings. */
const besideName = (path: string, kind: string) =>
  join(dirname(path), `.${basename(path)}.gameanim-${process.pid}-${randomBytes(4).toString('hex')}.${kind}`);

/** Calls that only tidy up: a failure there must not hide the error being reported. */
function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // Nothing more to undo.
  }
}

/** Writes `data` whole into a new temporary file beside `target.path`, with the mode (and owner) of the file it replaces. */
function writeTemporary(target: Commit, fs: FileSystem): string {
  try {
    fs.mkdirSync(dirname(target.path), { recursive: true });
  } catch (error) {
    throw new WriteError(`${dirname(target.path)}: cannot make the output folder (${codeOf(error)}); nothing written`);
  }
  const temporary = besideName(target.path, 'tmp');
  let fd: number;
  try {
    // O_EXCL and O_NOFOLLOW: never someone else's file or a link planted under the temporary name.
    // A replacement starts private and takes the old file's mode before any byte is written.
    fd = fs.openSync(
      temporary,
      nodeFs.constants.O_WRONLY | nodeFs.constants.O_CREAT | nodeFs.constants.O_EXCL | nodeFs.constants.O_NOFOLLOW,
      target.existing ? 0o600 : 0o666,
    );
  } catch (error) {
    throw failed(target.path, error);
  }
  try {
    if (target.existing) {
      // Root keeps the owner; anyone else may keep the group, or else owns the new file (documented).
      quietly(() => fs.fchownSync(fd, target.existing!.uid, target.existing!.gid));
      fs.fchmodSync(fd, target.existing.mode & 0o7777);
    }
    const bytes = typeof target.data === 'string' ? Buffer.from(target.data) : target.data;
    for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at);
    fs.fsyncSync(fd);
  } catch (error) {
    quietly(() => fs.closeSync(fd));
    quietly(() => fs.unlinkSync(temporary));
    throw failed(target.path, error);
  }
  try {
    fs.closeSync(fd);
  } catch (error) {
    quietly(() => fs.unlinkSync(temporary));
    throw failed(target.path, error);
  }
  return temporary;
}

/** What a committed target needs to be undone: the old file's backup, or nothing (it was new: remove it). */
interface Done {
  path: string;
  backup?: string;
}

/**
 * Puts `temporary` at `target.path`. A new file is linked in (which, like O_EXCL, fails if a file
 * appeared meanwhile); a replaced one is renamed over, after keeping a hard link to the old one when a
 * later file of the group might need it back.
 */
function place(target: Commit, temporary: string, keepOld: boolean, fs: FileSystem): Done {
  if (!target.existing) {
    try {
      fs.linkSync(temporary, target.path);
      quietly(() => fs.unlinkSync(temporary));
      return { path: target.path };
    } catch (error) {
      if (codeOf(error) === 'EEXIST') throw new InputError(`${target.path}: already exists; nothing written (add --force to replace it)`);
      // A file system without hard links: rename, as for a replacement.
    }
    fs.renameSync(temporary, target.path);
    return { path: target.path };
  }
  if (!keepOld) {
    fs.renameSync(temporary, target.path);
    return { path: target.path };
  }
  const backup = besideName(target.path, 'old');
  let linked = true;
  try {
    fs.linkSync(target.path, backup);
  } catch {
    // No hard links here: the old file steps aside instead (the target is missing for a moment).
    fs.renameSync(target.path, backup);
    linked = false;
  }
  try {
    fs.renameSync(temporary, target.path);
  } catch (error) {
    quietly(() => (linked ? fs.unlinkSync(backup) : fs.renameSync(backup, target.path)));
    throw error;
  }
  return { path: target.path, backup };
}

/** Undoes committed targets, newest first. Returns the paths that could not be put back. */
function rollBack(done: readonly Done[], fs: FileSystem): string[] {
  const stuck: string[] = [];
  for (const { path, backup } of [...done].reverse()) {
    try {
      if (backup) fs.renameSync(backup, path);
      else fs.unlinkSync(path);
    } catch {
      stuck.push(backup ? `${path} (its old contents are in ${backup})` : path);
    }
  }
  return stuck;
}

/**
 * Writes the targets, in order, all or none. Every temporary is written first; then each is renamed
 * over its target, and if one cannot be, the targets already replaced get their old files back.
 * Order matters for pairs: the file the other refers into goes first (the .img before its .dir).
 */
export function commitFiles(targets: readonly Commit[], fs: FileSystem = nodeFs): void {
  const temporaries: string[] = [];
  const done: Done[] = [];
  try {
    for (const target of targets) temporaries.push(writeTemporary(target, fs));
    targets.forEach((target, i) => {
      try {
        done.push(place(target, temporaries[i]!, i < targets.length - 1, fs));
        temporaries[i] = ''; // placed: its name is no longer ours to remove
      } catch (error) {
        const stuck = rollBack(done, fs);
        done.length = 0;
        if (!stuck.length) throw failed(target.path, error);
        throw new WriteError(`${target.path}: cannot be written (${codeOf(error)}), and ${stuck.join(', ')} could not be put back`);
      }
    });
  } finally {
    for (const temporary of temporaries) if (temporary) quietly(() => fs.unlinkSync(temporary));
  }
  for (const { backup } of done) if (backup) quietly(() => fs.unlinkSync(backup));
  // The renames themselves reach the disk with their folders' entries (best effort: not every system can).
  for (const folder of new Set(targets.map((target) => dirname(target.path)))) {
    quietly(() => {
      const fd = fs.openSync(folder, nodeFs.constants.O_RDONLY);
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    });
  }
}
