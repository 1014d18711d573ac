// An editable IMG archive: add, replace, delete and rename entries, and rebuild (compact) it, for SA's
// VER2 and III/VC's v1 (.dir + .img). Entries nobody touched keep their bytes, and their place until
// a rebuild; new and grown entries go after the last used sector, and so does new data for an entry
// whose sectors another entry also reads (hostile directories share sectors).
import { ByteWriter } from '../core/byte-writer.js';
import { EditError, EncodeError } from '../core/errors.js';
import { nameKey } from '../core/names.js';
import { workCount } from '../core/work-count.js';
import { checkIMGName } from '../img/names.js';
import { type IMGArchive, SECTOR_BYTES } from '../img/reader.js';

interface EditedEntry {
  name: string;
  data: Uint8Array;
  /** The sector the entry starts at; assigned on write for new and moved entries. */
  sector: number | null;
  /** True once `data` is no longer the bytes found at `sector` (replaced, or new). */
  fresh: boolean;
}

/** An edited archive as written: the VER2 archive, or a v1 archive's data file and directory. */
export interface WrittenIMG {
  /** The archive (VER2), or the v1 data file. */
  img: Uint8Array;
  /** The v1 directory (`.dir`), or null for VER2. */
  dir: Uint8Array | null;
}

/** Why a name differing only in case is taken: the games look entries up ignoring ASCII case. */
const sameName = (held: string, given: string) => (held === given ? '' : `, and the games ignore case: "${given}" is the same name`);

const sectorsOf = (bytes: number) => Math.ceil(bytes / SECTOR_BYTES);

/**
 * Edits an IMG archive's entries in memory (`IMGEditor.from(new ImgReader(bytes))`), then `write()`s
 * the new archive; the input is never written to. Names are matched case-insensitively, as the game does.
 */
export class IMGEditor {
  readonly version: 'VER2' | 'v1';
  /** Directory order; a deleted entry stays until the next read of the order (#live), so a delete is not a splice. */
  #entries: EditedEntry[];
  /**
   * The live entries of each case-folded name, in directory order from `head`: a lookup is one probe,
   * not a scan (20,000 adds took 21.8 s). Only a read archive holds a name twice; the first copy is
   * the one the games find, and the one every edit finds, so an edit only ever removes a list's head.
   */
  #byKey = new Map<string, { entries: EditedEntry[]; head: number }>();
  #deleted = new Set<EditedEntry>();

  private constructor(version: 'VER2' | 'v1', entries: EditedEntry[]) {
    this.version = version;
    this.#entries = entries;
    for (const entry of entries) this.#index(entry);
  }

  #index(entry: EditedEntry): void {
    const key = nameKey(entry.name);
    const copies = this.#byKey.get(key);
    if (copies) copies.entries.push(entry);
    else this.#byKey.set(key, { entries: [entry], head: 0 });
  }

  /** Takes the first copy of its name (the one every lookup finds) out of the index. */
  #unindex(entry: EditedEntry): void {
    const key = nameKey(entry.name);
    const copies = this.#byKey.get(key)!;
    copies.head++;
    if (copies.head === copies.entries.length) this.#byKey.delete(key);
  }

  /**
   * An editor over no entries, for a new archive: `write()` of it alone is a valid empty archive
   * (VER2: one sector holding the header; v1: an empty `.dir` and an empty `.img`).
   */
  static create(version: 'VER2' | 'v1' = 'VER2'): IMGEditor {
    return new IMGEditor(version, []);
  }

  /** An editor over an archive's entries (each a view of its data, kept where it is until it changes). */
  static from(archive: IMGArchive): IMGEditor {
    return new IMGEditor(
      archive.version === 'VER2' ? 'VER2' : 'v1',
      archive.entries.map((entry) => ({ name: entry.name, data: archive.read(entry), sector: entry.offset / SECTOR_BYTES, fresh: false })),
    );
  }

  /** The entry names, in directory order. */
  get names(): string[] {
    return this.#live().map((entry) => entry.name);
  }

  /** The entries in directory order, without the deleted ones (dropped here, once, in one pass). */
  #live(): EditedEntry[] {
    if (this.#deleted.size) {
      this.#entries = this.#entries.filter((entry) => !this.#deleted.has(entry));
      this.#deleted.clear();
    }
    return this.#entries;
  }

  #find(name: string): EditedEntry | undefined {
    workCount.imgEditorEntriesCompared++;
    const copies = this.#byKey.get(nameKey(name));
    return copies?.entries[copies.head];
  }

  /** The entry of that name (case ignored, as the games look it up), or an EditError. */
  #held(name: string): EditedEntry {
    const entry = this.#find(name);
    if (!entry) throw new EditError('IMG', 'no-such-entry', `the archive has no entry named "${name}"`);
    return entry;
  }

  /** Adds an entry at the end of the directory; throws an EditError for a name the game cannot hold or one already taken. */
  add(name: string, data: Uint8Array): this {
    checkIMGName(name);
    const taken = this.#find(name);
    if (taken)
      throw new EditError(
        'IMG',
        'name-taken',
        `the archive already has an entry named "${taken.name}"${sameName(taken.name, name)} (replace it, or choose another name)`,
      );
    const entry: EditedEntry = { name, data, sector: null, fresh: true };
    this.#entries.push(entry);
    this.#index(entry);
    return this;
  }

  /**
   * New data for an entry: in its place when it fits the sectors it had, else after the last used
   * sector (and there too, on write, when another entry reads any of those sectors).
   */
  replace(name: string, data: Uint8Array): this {
    const entry = this.#held(name);
    entry.sector = sectorsOf(data.length) <= sectorsOf(entry.data.length) ? entry.sector : null;
    entry.data = data;
    entry.fresh = true;
    return this;
  }

  /** Removes the entry from the directory; its sectors stay as they are until `rebuild()`. */
  delete(name: string): this {
    const entry = this.#held(name);
    this.#deleted.add(entry);
    // A read archive's later copy of the name (which the games never find) becomes the one found.
    this.#unindex(entry);
    return this;
  }

  /** Renames an entry, keeping its data and place; throws an EditError for a bad or taken name. */
  rename(oldName: string, newName: string): this {
    const entry = this.#held(oldName);
    checkIMGName(newName);
    const other = this.#find(newName);
    if (other && other !== entry)
      throw new EditError('IMG', 'name-taken', `the archive already has an entry named "${other.name}"${sameName(other.name, newName)}`);
    // In another case only: the entry stays the first of its name, where it is.
    if (nameKey(newName) !== nameKey(entry.name)) {
      this.#unindex(entry);
      entry.name = newName;
      this.#index(entry);
    } else entry.name = newName;
    return this;
  }

  /** Packs the entries one after another in directory order, with no holes. */
  rebuild(): this {
    for (const entry of this.#live()) entry.sector = null;
    return this;
  }

  /** The edited archive: VER2 as one file, v1 as its `.img` and `.dir`, every entry on whole 2048-byte sectors. */
  write(): WrittenIMG {
    // VER2's directory sits before the data: when it has grown into the first entry, everything is packed.
    const entries = this.#live();
    const directorySectors = this.version === 'VER2' ? sectorsOf(8 + 32 * entries.length) : 0;
    if (entries.some((entry) => entry.sector !== null && entry.sector < directorySectors)) this.rebuild();
    // New data written over sectors another entry also reads would change that entry's bytes: such
    // data goes to fresh sectors. Untouched entries may share theirs: they write the same bytes.
    const shared = sharingSectors(entries);
    const kept = entries.map((entry, i) => (entry.fresh && shared[i] ? null : entry.sector));
    // Loops, not Math.max(...): a directory of a few hundred thousand entries overflows the stack.
    let next = directorySectors;
    entries.forEach((entry, i) => {
      const sector = kept[i]!;
      if (sector !== null) next = Math.max(next, sector + sectorsOf(entry.data.length));
    });
    const placed = entries.map((entry, i) => {
      const sector = kept[i] ?? next;
      if (kept[i] === null) next += sectorsOf(entry.data.length);
      return { name: entry.name, data: entry.data, sector };
    });
    const img = new Uint8Array(next * SECTOR_BYTES);
    for (const entry of placed) img.set(entry.data, entry.sector * SECTOR_BYTES);
    const directory = new ByteWriter();
    if (this.version === 'VER2') {
      directory.tag('VER2');
      directory.u32(placed.length);
    }
    for (const entry of placed) {
      const sectors = sectorsOf(entry.data.length);
      if (sectors > 0xffff)
        throw new EncodeError('IMG', 'field-overflow', `entry "${entry.name}" is larger than an entry can be (65535 sectors)`);
      directory.u32(entry.sector);
      if (this.version === 'VER2') {
        directory.u16(sectors);
        directory.u16(0);
      } else directory.u32(sectors);
      directory.fixedName(entry.name, 24);
    }
    const dir = directory.finish();
    if (this.version === 'VER2') {
      img.set(dir, 0);
      return { img, dir: null };
    }
    return { img, dir };
  }
}

/**
 * For each entry with a place, whether any other placed entry reads one of its sectors. Sorted by
 * first sector, an entry shares one when an earlier entry reaches past its start or the next one
 * starts before its end: O(n log n), for directories of any size.
 */
function sharingSectors(entries: readonly EditedEntry[]): boolean[] {
  const shared = entries.map(() => false);
  const order = [...entries.keys()]
    .filter((i) => entries[i]!.sector !== null && entries[i]!.data.length > 0)
    .sort((a, b) => entries[a]!.sector! - entries[b]!.sector!);
  const start = (i: number) => entries[i]!.sector!;
  const end = (i: number) => start(i) + sectorsOf(entries[i]!.data.length);
  let reach = -Infinity;
  order.forEach((i, at) => {
    const following = order[at + 1];
    if (reach > start(i) || (following !== undefined && start(following) < end(i))) shared[i] = true;
    reach = Math.max(reach, end(i));
  });
  return shared;
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `WrittenIMG` (format names are written in capitals). */
export type WrittenImg = WrittenIMG;
/** @deprecated Use `IMGEditor` (format names are written in capitals). */
export const ImgEditor = IMGEditor;
/** @deprecated Use `IMGEditor` (format names are written in capitals). */
export type ImgEditor = IMGEditor;
