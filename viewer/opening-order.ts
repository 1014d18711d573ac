// The order files dropped together open in: models first, so the animations dropped with them bind at
// once. A model is what the registry says one is (an entry with a skeleton and no clips, which
// opening.ts makes the model), so a .dff, a .mef and a registered format's model all count, by
// magic first, whatever their names.
import { findFormat } from 'gameanim';

/** Whether the file opens as a model: its entry carries a skeleton and no clips. */
export function isModelFile(name: string, bytes: Uint8Array): boolean {
  const format = findFormat(bytes, name);
  return Boolean(format?.skeleton && !format.clips);
}

/** The files, models first, each group in the order given. */
export function modelsFirst<File extends { name: string; bytes: Uint8Array }>(files: readonly File[]): File[] {
  const model = new Map(files.map((file) => [file, isModelFile(file.name, file.bytes)]));
  return [...files].sort((a, b) => Number(model.get(b)) - Number(model.get(a)));
}
