/**
 * @internal Units of work done by the loops that hostile input once made quadratic, counted so a test
 * can check that the work grows linearly with the input by counting, not by timing it (a clock on a
 * loaded machine measures the other processes too). One addition per unit: cheap enough to ship.
 * Not part of the public API: no index exports it, and the published declarations strip it.
 */
export const workCount = {
  /** Frames the DFF reader's nearest-bone walk stepped through, memo hits included. */
  dffFramesWalked: 0,
  /** Directory entries IMGArchive looked at to find an entry's place in the directory. */
  imgEntriesSearched: 0,
  /** Characters of glTF JSON searched to find where a URI is written (for an error's byte offset). */
  gltfJsonSearched: 0,
  /** Entries `IMGEditor` looked at to find a name (add, replace, delete, rename). */
  imgEditorEntriesCompared: 0,
  /** Keys the retarget reduction interpolated to see whether a run of keys can go. */
  retargetKeyChecks: 0,
};
