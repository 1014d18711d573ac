// The contract of a format's entry (src/<format>/format.ts), the one plug-in unit: its name, its
// codes, how a tool finds and opens a file, and what the file offers. Each capability is a function
// the entry has only when the format offers it, so a tool asks `format.archive` or `format.packages`
// instead of comparing format names or reader classes.
import type { SkeletalClip } from './clip.js';
import type { FormatCodeTables, FormatName } from './codes.js';
import type { DecodeWarning } from './errors.js';
import type { ModelGeometry } from './model-geometry.js';
import type { Skeleton } from './skeleton.js';

/** An archive's table, as tools walk it: entries in file order, and their bytes. */
export interface ArchiveContents<Entry extends ArchiveEntry = ArchiveEntry> {
  readonly entries: readonly Entry[];
  /** The entry's bytes (a view of the archive where possible). */
  read(entry: Entry): Uint8Array;
}

/** One entry of an archive's table: its name, and where its bytes lie in the archive. */
export interface ArchiveEntry {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
}

/** A skinned or rigid model: its skeleton and its meshes. */
export interface ModelContents {
  readonly skeleton: Skeleton | null;
  readonly geometries: readonly ModelGeometry[];
  /** The bone of each frame (-1 for none), for models whose rigid meshes hang from frames. */
  readonly boneOfFrame?: ArrayLike<number>;
}

/** A decoded texture, as tools show and export it. */
export interface TextureContents {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** width x height x 4 bytes, RGBA8, of the given mipmap level (0: the largest). */
  rgba(level?: number): Uint8Array;
}

/** Named clips grouped in a named package: the unit the IFP editor, lint and batch export work on. */
export interface ClipPackage {
  readonly name: string;
  readonly animations: readonly SkeletalClip[];
}

/**
 * Sprites played by bytecode scripts, as the viewer lists and runs them. Open: the format that has
 * them says what its reader offers (src/sprite/format.ts), so core names no format's reader.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the sprite format adds its members by declaration merging.
export interface SpriteScripts {}

/**
 * A format's registry entry: its name, codes and description, how a file is recognised and opened, and the capabilities (clips, skeleton,
 * model, archive, textures) it offers when it has them.
 */
export interface FileFormat<Reader, Name extends FormatName = FormatName> {
  /** As in `DecodeError.format`. */
  readonly name: Name;
  readonly description: string;
  /** Lower case, with the dot. */
  readonly extensions: readonly string[];
  /** The codes only this format's errors and warnings carry (the shared ones are core's). */
  readonly codes: FormatCodeTables[Name];
  /** Whether the bytes are this format, by their magic. */
  sniff(bytes: Uint8Array): boolean;
  /** The reader; throws a DecodeError for bad input. */
  open(bytes: Uint8Array): Reader;
  /** What the reader recovered from while reading leniently (empty for a clean file). */
  warnings(reader: Reader): readonly DecodeWarning[];
  /** Capability: the clips a file holds, for listing, binding and export. */
  clips?(reader: Reader): SkeletalClip[];
  /** Capability: clips in named packages, one picked by name (`--anim`), edited and linted. */
  packages?(reader: Reader): readonly ClipPackage[];
  /** Capability: the skeleton a file carries, for binding. */
  skeleton?(reader: Reader): Skeleton | null;
  /** Capability: a model, for showing and export. */
  model?(reader: Reader): ModelContents;
  /** Capability: an archive of other files. */
  archive?(reader: Reader): ArchiveContents;
  /** Capability: textures. */
  textures?(reader: Reader): readonly TextureContents[];
  /** Capability: sprites and the scripts that move them. */
  sprites?(reader: Reader): SpriteScripts;
}

/**
 * Any entry, as a registry lists them. A reader goes back only to the entry that opened it: tools
 * call `format.clips(format.open(bytes))`, never one entry's capability on another's reader.
 */
export type AnyFileFormat = FileFormat<unknown>;
