// The bytes behind a URL, fetched as three.js loaders fetch: through a FileLoader that carries the
// asking loader's manager (item counts, URL modifier, abort), request headers and credentials. And the
// contract of a manager handler that serves entries of an archive (`IMGLoader`).
import { FileLoader, type Loader } from 'three';

/**
 * A loader registered with `manager.addHandler` that holds the bytes of URLs inside an archive
 * (`anim/ped.img/walk.ifp`). The game-file loaders ask the manager for a handler before they fetch,
 * and read through one of these when it is what they get.
 */
export interface ArchiveEntrySource {
  readonly isArchiveEntrySource: true;
  /** The bytes of the entry a URL names (the loader's path already applied). */
  loadEntry(url: string, onProgress?: (event: ProgressEvent) => void): Promise<Uint8Array>;
}

/** The handler the loader's manager has for `url`, when it serves archive entries. */
export function archiveHandlerFor(loader: Loader, url: string): ArchiveEntrySource | null {
  const handler = loader.manager.getHandler(url) as (Loader & Partial<ArchiveEntrySource>) | null;
  return handler && handler !== loader && handler.isArchiveEntrySource === true ? (handler as Loader & ArchiveEntrySource) : null;
}

/** Fetches `url` (the loader's path already applied) with the loader's settings. Rejects with three's error for a failed request. */
export function fileBytes(loader: Loader, url: string, onProgress?: (event: ProgressEvent) => void): Promise<Uint8Array> {
  const file = new FileLoader(loader.manager)
    .setResponseType('arraybuffer')
    .setRequestHeader(loader.requestHeader)
    .setWithCredentials(loader.withCredentials);
  return new Promise((resolve, reject) => file.load(url, (data) => resolve(new Uint8Array(data as ArrayBuffer)), onProgress, reject));
}

/** The URL of a file beside `url`, with the same base name and another extension: `peds/male01.dff` -> `peds/male01.txd`. */
export function besideUrl(url: string, extension: string, folder?: string): string {
  const query = url.search(/[?#]/);
  const bare = query < 0 ? url : url.slice(0, query);
  const slash = bare.lastIndexOf('/');
  const name = bare.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${folder ?? bare.slice(0, slash + 1)}${base}${extension}`;
}
