// An editable IMG archive: add, replace, delete and rename entries, and rebuild (compact) it, for SA's
// VER2 and III/VC's v1 (.dir + .img). Entries nobody touched keep their bytes, and their place until
// a rebuild; new and grown entries go after the last used sector.
import { ByteWriter } from '../core/byte-writer.js';
import { nameKey } from '../core/names.js';
import { checkImgName } from '../img/names.js';
import { ImgArchive, SECTOR_BYTES } from '../img/reader.js';

interface EditedEntry {
  name: string;
  data: Uint8Array;
  /** The sector the entry starts at; assigned on write for new and moved entries. */
  sector: number | null;
}

export interface WrittenImg {
  /** The archive (VER2), or the v1 data file. */
  img: Uint8Array;
  /** The v1 directory (`.dir`), or null for VER2. */
  dir: Uint8Array | null;
}

const sectorsOf = (bytes: number) => Math.ceil(bytes / SECTOR_BYTES);

export class ImgEditor {
  readonly version: 'VER2' | 'v1';
  #entries: EditedEntry[];

  private constructor(version: 'VER2' | 'v1', entries: EditedEntry[]) {
    this.version = version;
    this.#entries = entries;
  }

  /** An editor over an archive's entries (each a view of its data, kept where it is until it changes). */
  static from(archive: ImgArchive): ImgEditor {
    return new ImgEditor(
      archive.version === 'VER2' ? 'VER2' : 'v1',
      archive.entries.map((entry) => ({ name: entry.name, data: archive.read(entry), sector: entry.offset / SECTOR_BYTES })),
    );
  }

  get names(): string[] {
    return this.#entries.map((entry) => entry.name);
  }

  #index(name: string): number {
    const key = nameKey(name);
    return this.#entries.findIndex((entry) => nameKey(entry.name) === key);
  }

  add(name: string, data: Uint8Array): this {
    checkImgName(name);
    if (this.#index(name) >= 0) throw new RangeError(`the archive already has an entry named "${name}" (replace it instead)`);
    this.#entries.push({ name, data, sector: null });
    return this;
  }

  /** New data for an entry: in its place when it fits the sectors it had, else after the last used sector. */
  replace(name: string, data: Uint8Array): this {
    const index = this.#index(name);
    if (index < 0) throw new RangeError(`the archive has no entry named "${name}"`);
    const old = this.#entries[index]!;
    this.#entries[index] = { name: old.name, data, sector: sectorsOf(data.length) <= sectorsOf(old.data.length) ? old.sector : null };
    return this;
  }

  delete(name: string): this {
    const index = this.#index(name);
    if (index < 0) throw new RangeError(`the archive has no entry named "${name}"`);
    this.#entries.splice(index, 1);
    return this;
  }

  rename(oldName: string, newName: string): this {
    const index = this.#index(oldName);
    if (index < 0) throw new RangeError(`the archive has no entry named "${oldName}"`);
    checkImgName(newName);
    const other = this.#index(newName);
    if (other >= 0 && other !== index) throw new RangeError(`the archive already has an entry named "${newName}"`);
    this.#entries[index] = { ...this.#entries[index]!, name: newName };
    return this;
  }

  /** Packs the entries one after another in directory order, with no holes. */
  rebuild(): this {
    for (const entry of this.#entries) entry.sector = null;
    return this;
  }

  write(): WrittenImg {
    // VER2's directory sits before the data: when it has grown into the first entry, everything is packed.
    const directorySectors = this.version === 'VER2' ? sectorsOf(8 + 32 * this.#entries.length) : 0;
    if (this.#entries.some((entry) => entry.sector !== null && entry.sector < directorySectors)) this.rebuild();
    let next = Math.max(directorySectors, ...this.#entries.map((entry) => (entry.sector === null ? 0 : entry.sector + sectorsOf(entry.data.length))));
    const placed = this.#entries.map((entry) => {
      if (entry.sector !== null) return { ...entry, sector: entry.sector };
      const sector = next;
      next += sectorsOf(entry.data.length);
      return { ...entry, sector };
    });
    const end = Math.max(directorySectors, ...placed.map((entry) => entry.sector + sectorsOf(entry.data.length)));
    const img = new Uint8Array(end * SECTOR_BYTES);
    for (const entry of placed) img.set(entry.data, entry.sector * SECTOR_BYTES);
    const directory = new ByteWriter();
    if (this.version === 'VER2') {
      directory.tag('VER2');
      directory.u32(placed.length);
    }
    for (const entry of placed) {
      const sectors = sectorsOf(entry.data.length);
      if (sectors > 0xffff) throw new RangeError(`IMG entry "${entry.name}" is larger than an entry can be (65535 sectors)`);
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
