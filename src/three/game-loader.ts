// What every gameanim three.js loader shares: three's `Loader` contract (load with its callbacks,
// loadAsync, setPath, a LoadingManager counting items) around one asynchronous step per loader, and
// the one way they fetch bytes (an archive handler first, else a FileLoader).
import { Loader } from 'three';
import { archiveHandlerFor, fileBytes } from './file-bytes.js';

/**
 * A three.js `Loader` of a game file. `load(url, onLoad, onProgress, onError)` counts one item with
 * the manager for the whole load (the files it fetches count as items of their own, as three's
 * `FileLoader` counts them), so `manager.onLoad` fires when the model, its dictionary and the rest
 * are all in. Every failure goes to `onError` (or to `console.error` without one) and to
 * `manager.itemError`: a `DecodeError` for a bad file, never an exception thrown out of `load`.
 */
export abstract class GameLoader<T> extends Loader<T> {
  /** Loads `url` (after the loader's path) and calls `onLoad` with the result, or `onError` with what went wrong; never throws. */
  override load(
    url: string,
    onLoad: (data: T) => void,
    onProgress?: (event: ProgressEvent) => void,
    onError?: (error: unknown) => void,
  ): void {
    const full = this.path + url;
    this.manager.itemStart(full);
    this.loadUrl(full, onProgress).then(
      (data) => {
        try {
          onLoad(data);
        } finally {
          this.manager.itemEnd(full);
        }
      },
      (error: unknown) => {
        if (onError) onError(error);
        else console.error(error);
        this.manager.itemError(full);
        this.manager.itemEnd(full);
      },
    );
  }

  /** The loaded thing of a URL with the loader's path already applied. */
  protected abstract loadUrl(url: string, onProgress?: (event: ProgressEvent) => void): Promise<T>;

  /** The bytes of a URL (path applied): from the manager's archive handler for it, else fetched. */
  protected bytes(url: string, onProgress?: (event: ProgressEvent) => void): Promise<Uint8Array> {
    return archiveHandlerFor(this, url)?.loadEntry(url, onProgress) ?? fileBytes(this, url, onProgress);
  }
}
