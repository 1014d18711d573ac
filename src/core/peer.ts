// Loading an optional peer dependency. A missing package is told apart by Node's error code
// (ERR_MODULE_NOT_FOUND), never by its message, and becomes a MissingPeerError naming the peer, so a
// caller (the command line: exit 3) decides by the error's class and code alone.
import { MissingPeerError } from './errors.js';

/**
 * Runs `load` (a dynamic `import` of the peer, or of a module that imports it) and returns its
 * module; a module that cannot be found becomes a `MissingPeerError(peer, need)`.
 */
export async function importPeer<T>(peer: string, need: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') throw new MissingPeerError(peer, need, { cause: error });
    throw error;
  }
}
