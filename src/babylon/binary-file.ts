// How the gameanim plugins take their file: from a URL (through Babylon's own file loading, so its
// URL preprocessing, request modifiers and offline support apply), a File, or bytes already in memory.
import type { ISceneLoaderPluginExtensions } from '@babylonjs/core/Loading/sceneLoader.js';
import type { IFileRequest } from '@babylonjs/core/Misc/fileRequest.js';
import { Tools } from '@babylonjs/core/Misc/tools.js';
import { LoadFileError as LoadFileErrorClass, type LoadFileError } from '@babylonjs/core/Misc/fileTools.js';
import type { WebRequest } from '@babylonjs/core/Misc/webRequest.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { AnyFileFormat } from '../core/file-format.js';

/** The extensions a plugin loads, as binary files: its registry entry's, so the entry is their one source. */
export const binaryExtensions = (format: Pick<AnyFileFormat, 'extensions'>): ISceneLoaderPluginExtensions =>
  Object.fromEntries(format.extensions.map((extension) => [extension, { isBinary: true }]));

/** `ISceneLoaderPluginAsync.loadFile` for a binary format: hands `onSuccess` an ArrayBuffer or ArrayBufferView. */
export function loadBinaryFile(
  scene: Scene,
  fileOrUrl: File | string | ArrayBufferView,
  onSuccess: (data: unknown, responseURL?: string) => void,
  onProgress?: (event: ProgressEvent) => void,
  onError?: (request?: WebRequest, exception?: LoadFileError) => void,
): IFileRequest | null {
  if (typeof fileOrUrl === 'string') return Tools.LoadFile(fileOrUrl, onSuccess, onProgress, scene.offlineProvider, true, onError);
  if (ArrayBuffer.isView(fileOrUrl)) onSuccess(fileOrUrl);
  else fileOrUrl.arrayBuffer().then(onSuccess, (error: unknown) => onError?.(undefined, new LoadFileErrorClass(String(error))));
  return null;
}

/** The `loadFile` both gameanim plugins share: their formats are binary, read as `loadBinaryFile` reads them. */
export abstract class BinaryFileLoader {
  /** Reads the file (a URL through Babylon's file loading, a File, or bytes) and hands `onSuccess` its bytes. */
  loadFile(
    scene: Scene,
    fileOrUrl: File | string | ArrayBufferView,
    _rootUrl: string,
    onSuccess: (data: unknown, responseURL?: string) => void,
    onProgress?: (event: ProgressEvent) => void,
    _useArrayBuffer?: boolean,
    onError?: (request?: WebRequest, exception?: LoadFileError) => void,
  ): IFileRequest | null {
    return loadBinaryFile(scene, fileOrUrl, onSuccess, onProgress, onError);
  }
}

/** The bytes `loadBinaryFile` handed over, as a view (no copy). */
export function bytesOf(data: unknown): Uint8Array {
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data as ArrayBuffer);
}
