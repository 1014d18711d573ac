// The contract of a format's entry (src/<format>/format.ts): how a tool finds and opens a file, and
// what the file offers. Each capability is a function the entry has only when the format offers it,
// so a tool asks `format.archive` or `format.clips` instead of comparing format names.
import type { SkeletalClip } from './clip.js';
import type { DecodeWarning } from './errors.js';
import type { Skeleton } from './skeleton.js';

/** An archive's table, as tools walk it: entries in file order, and their bytes. */
export interface ArchiveContents<Entry extends ArchiveEntry = ArchiveEntry> {
  readonly entries: readonly Entry[];
  /** The entry's bytes (a view of the archive where possible). */
  read(entry: Entry): Uint8Array;
}

export interface ArchiveEntry {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
}

/** A model: its skeleton and its meshes (the format's own geometry type). */
export interface ModelContents<Geometry = unknown> {
  readonly skeleton: Skeleton | null;
  readonly geometries: readonly Geometry[];
}

/** A decoded texture, as tools show and export it. */
export interface TextureContents {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** width x height x 4 bytes, RGBA8, of the given mipmap level (0: the largest). */
  rgba(level?: number): Uint8Array;
}

export interface FileFormat<Reader = any> {
  /** As in `DecodeError.format`. */
  readonly name: string;
  readonly description: string;
  /** Lower case, with the dot. */
  readonly extensions: readonly string[];
  /** True when the file holds several clips that a tool can pick by name. */
  readonly namedClips: boolean;
  /** Whether the bytes are this format, by their magic. */
  sniff(bytes: Uint8Array): boolean;
  /** The reader; throws a DecodeError for bad input. */
  open(bytes: Uint8Array): Reader;
  warnings(reader: Reader): readonly DecodeWarning[];
  /** Capability: the clips a file holds, for listing, binding and export. */
  clips?(reader: Reader): SkeletalClip[];
  /** Capability: the skeleton a file carries, for binding. */
  skeleton?(reader: Reader): Skeleton | null;
  /** Capability: a model, for showing and export. */
  model?(reader: Reader): ModelContents;
  /** Capability: an archive of other files. */
  archive?(reader: Reader): ArchiveContents;
  /** Capability: textures. */
  textures?(reader: Reader): readonly TextureContents[];
}
