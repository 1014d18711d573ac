// A folder the user chose, as File objects by relative path, and the only way the page reads them:
// slices, counted. A game's gta3.img is about a gigabyte; nothing here reads a whole file unless asked,
// and the counts let the test show how little one ped costs.

/** The folder's files by path relative to the chosen folder, lower case with `/` (the games ignore case). */
export type FolderFiles = Map<string, File>;

/** Bytes read through `readSlice`, per path: `window.gameFolder.bytesRead` for the tests. */
export const bytesRead = new Map<string, number>();

/** Bytes `start` to `end` of a file, read on demand (`File.slice`), and counted against its path. */
export async function readSlice(path: string, file: File, start = 0, end = file.size): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(await file.slice(start, Math.min(end, file.size)).arrayBuffer());
  bytesRead.set(path, (bytesRead.get(path) ?? 0) + bytes.length);
  return bytes;
}

/**
 * The files of an `<input webkitdirectory>`: each carries its path from the chosen folder's own name
 * (`GTA3/models/gta3.img`), which is dropped so paths read as they do inside the game folder.
 */
export function filesOfInput(files: Iterable<File>): FolderFiles {
  const found: FolderFiles = new Map();
  for (const file of files) {
    const path = (file.webkitRelativePath || file.name).replace(/\\/g, '/');
    found.set(path.slice(path.indexOf('/') + 1).toLowerCase(), file);
  }
  return found;
}

/** The subset of the File System Access API walked here (not in TypeScript's DOM types everywhere). */
interface DirectoryHandle {
  kind: 'directory';
  name: string;
  values(): AsyncIterable<DirectoryHandle | { kind: 'file'; name: string; getFile(): Promise<File> }>;
}

/** Folders worth walking: the game keeps what the viewer reads in `anim/`, `models/` and `data/`. */
const WALKED = /^(anim|models|data)$/i;

/**
 * The files of a folder from `showDirectoryPicker()`: `getFile()` gives a File backed by the disk, read
 * only when sliced. Only the top level and the folders the viewer reads are walked (a game folder
 * holds thousands of audio and mod files besides).
 */
export async function filesOfDirectory(root: DirectoryHandle): Promise<FolderFiles> {
  const found: FolderFiles = new Map();
  const walk = async (directory: DirectoryHandle, prefix: string): Promise<void> => {
    for await (const handle of directory.values()) {
      const path = `${prefix}${handle.name.toLowerCase()}`;
      if (handle.kind === 'file') found.set(path, await handle.getFile());
      else if (prefix || WALKED.test(handle.name)) await walk(handle, `${path}/`);
    }
  };
  await walk(root, '');
  return found;
}

/** Asks for a folder: the directory picker where the browser has one, else the webkitdirectory input. */
export async function chooseFolder(fallback: HTMLInputElement): Promise<FolderFiles | null> {
  const picker = (window as unknown as { showDirectoryPicker?: (options: object) => Promise<DirectoryHandle> }).showDirectoryPicker;
  if (!picker) {
    fallback.click();
    return null; // the input's change event brings the files
  }
  try {
    return await filesOfDirectory(await picker({ id: 'gameanim-game-folder', mode: 'read' }));
  } catch (error) {
    if ((error as DOMException).name === 'AbortError') return null; // the user closed the picker
    throw error;
  }
}
