// Plug-ins of the command line: modules that add formats, and how to show them, from outside the
// library. A plug-in is a module file whose default export is a function; the command line imports
// it and calls it once, before the command runs, with its own copy of the library and of the
// presentations' registry. So a plug-in registers into the very registry the command reads from
// (a plug-in importing 'gameanim' itself could resolve another copy, elsewhere on disk, and register
// into that one, unseen), and its errors are the command line's `DecodeError`s.
import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as gameanim from 'gameanim';
import { registerPresentation } from './present/index.js';
import { UsageError } from './usage-error.js';

/** What a plug-in's function is given. */
export interface PluginHost {
  /** The library the command line runs on: `register(entry)`, `DecodeError`, `createSkeleton`, ... */
  readonly gameanim: typeof gameanim;
  /**
   * Pairs a presentation with an entry registered before (src/cli/presentation.ts has its shape); optional: without one, a file is shown by
   * its capabilities.
   */
  readonly registerPresentation: typeof registerPresentation;
}

/** A plug-in module's default export. */
export type Plugin = (host: PluginHost) => void | Promise<void>;

/** The environment variable that names the plug-ins: module paths, separated as PATH's entries are (`:`, `;` on Windows). */
export const PLUGINS_VARIABLE = 'GAMEANIM_PLUGINS';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Imports each module `list` names (a path, relative to `cwd`; a bare package name is taken as a path
 * too, so nothing is looked up anywhere else) and calls its default export with the host, in order.
 * Returns the paths loaded. A module that cannot be imported, has no default function, or throws is a
 * `UsageError` naming it and the variable: exit 2, one line.
 */
export async function loadPlugins(list: string | undefined, cwd = process.cwd()): Promise<string[]> {
  const paths = (list ?? '').split(delimiter).filter((path) => path.trim() !== '');
  const host: PluginHost = { gameanim, registerPresentation };
  for (const path of paths) {
    let module: { default?: unknown };
    try {
      module = await import(pathToFileURL(resolve(cwd, path)).href);
    } catch (error) {
      throw new UsageError(`${PLUGINS_VARIABLE}: cannot load the plug-in ${path}: ${reason(error)}`);
    }
    if (typeof module.default !== 'function')
      throw new UsageError(`${PLUGINS_VARIABLE}: the plug-in ${path} has no default export function (host) => { ... }`);
    try {
      await (module.default as Plugin)(host);
    } catch (error) {
      throw new UsageError(`${PLUGINS_VARIABLE}: the plug-in ${path} failed: ${reason(error)}`);
    }
  }
  return paths;
}
