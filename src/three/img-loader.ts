// GTA IMG archives for three.js: a loader of the archive, and a LoadingManager handler that serves
// `archive.img/entry` URLs from inside it, so the other game-file loaders read archive entries as
// they read files.
import { DecodeError } from '../core/errors.js';
import { imgFormat } from '../img/format.js';
import { IMGArchive } from '../img/reader.js';
import { besideUrl, fileBytes, type ArchiveEntrySource } from './file-bytes.js';
import { GameLoader } from './game-loader.js';

/** The URLs an `IMGLoader` serves as a manager handler: an entry name after a `.img/` or `.dir/` folder. */
export const IMG_ENTRY_URL = /\.(img|dir)\/[^/]+$/i;

/**
 * Loads a GTA IMG archive (`IMGArchive`): SA's `VER2` from its `.img`, or a III/VC archive from its
 * `.dir` and the `.img` beside it (either URL). Each archive is fetched once per loader.
 *
 * Registered with `manager.addHandler(IMG_ENTRY_URL, new IMGLoader(manager))`, it serves
 * `peds.img/male01.dff` URLs to `DFFLoader`, `IFPLoader` and `TXDLoader` of that manager: the entry's
 * bytes, as the archive holds them. An entry the archive lacks is a `DecodeError` (`no-such-entry`).
 */
export class IMGLoader extends GameLoader<IMGArchive> implements ArchiveEntrySource {
  readonly isArchiveEntrySource = true;
  readonly #archives = new Map<string, Promise<IMGArchive>>();

  /** An archive from its bytes: a `VER2` `.img`, or (with the directory's bytes) a III/VC `.img`. */
  parse(bytes: Uint8Array | ArrayBuffer, dirBytes?: Uint8Array | ArrayBuffer): IMGArchive {
    return dirBytes ? IMGArchive.fromDir(dirBytes, bytes) : new IMGArchive(bytes);
  }

  protected loadUrl(url: string, onProgress?: (event: ProgressEvent) => void): Promise<IMGArchive> {
    let archive = this.#archives.get(url);
    if (!archive) {
      archive = this.#fetchArchive(url, onProgress);
      // A failed fetch is not kept: the next request tries again.
      archive.catch(() => this.#archives.delete(url));
      this.#archives.set(url, archive);
    }
    return archive;
  }

  async loadEntry(url: string, onProgress?: (event: ProgressEvent) => void): Promise<Uint8Array> {
    const slash = url.lastIndexOf('/');
    const archiveUrl = url.slice(0, slash);
    const name = decodeURIComponent(url.slice(slash + 1).replace(/[?#].*$/, ''));
    const archive = await this.loadUrl(archiveUrl, onProgress);
    const bytes = archive.get(name);
    if (!bytes)
      throw new DecodeError(
        'IMG',
        'no-such-entry',
        0,
        `the archive ${archiveUrl} holds no entry "${name}" (${archive.entries.length} entries)`,
      );
    return bytes;
  }

  async #fetchArchive(url: string, onProgress?: (event: ProgressEvent) => void): Promise<IMGArchive> {
    if (/\.dir$/i.test(url)) {
      const [dir, img] = await Promise.all([fileBytes(this, url, onProgress), fileBytes(this, besideUrl(url, '.img'), onProgress)]);
      return this.parse(img, dir);
    }
    const img = await fileBytes(this, url, onProgress);
    // The registry's entry tells a VER2 archive by its magic.
    if (imgFormat.sniff(img)) return this.parse(img);
    // Not VER2: a III/VC archive's data, whose directory is beside it. Without one, the archive's own
    // error says what the bytes are not.
    const dir = await fileBytes(this, besideUrl(url, '.dir'), onProgress).catch(() => null);
    return dir ? this.parse(img, dir) : this.parse(img);
  }
}
