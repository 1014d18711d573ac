// Editing IFP packages in the page: rename, delete, move and change the speed of the selected
// animation, undo, save the package or the selected animation alone as IFP, and the file's lint
// findings in the problems panel. The edits are the library's (IFPEditor); each one is kept as the
// bytes it produced, so undo is reading the previous bytes again.
import { IFPEditor, IFPReader, lintIFP, type LintFinding, type SkeletalClip } from 'gameanim';

export interface EditedFile {
  name: string;
  /** Written bytes after each edit, the first as opened. */
  history: Uint8Array[];
}

export interface EditingHost {
  /** The IFP file the selected clip comes from, or undefined. */
  selected(): { file: EditedFile; clip: SkeletalClip } | undefined;
  /** Shows the file's new animations in place of its old ones; selects `select` (a name) if given. */
  replace(file: EditedFile, reader: IFPReader, select?: string): void;
  problem(text: string, error?: boolean): void;
  /** Shows the file's lint findings in place of those it had. */
  showLint(file: string, findings: readonly LintFinding[]): void;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Lints a file, as opened or after an edit: its findings replace those the panel showed. */
export function lintFile(host: EditingHost, name: string, bytes: Uint8Array): void {
  host.showLint(name, lintIFP(bytes));
}

function download(bytes: Uint8Array, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/octet-stream' }));
  link.download = name;
  link.click();
}

export function setUpEditing(host: EditingHost): void {
  const apply = (edit: (editor: IFPEditor, name: string) => string | undefined) => {
    const chosen = host.selected();
    if (!chosen) return;
    const { file, clip } = chosen;
    const editor = IFPEditor.read(file.history.at(-1)!);
    let select: string | undefined;
    let bytes: Uint8Array;
    try {
      select = edit(editor, clip.name);
      // Writing can refuse too (a value the format cannot hold): a problem line, not an uncaught error.
      bytes = editor.write();
    } catch (error) {
      host.problem(`${file.name}: ${(error as Error).message}`, true);
      return;
    }
    file.history.push(bytes);
    host.replace(file, new IFPReader(bytes), select);
    lintFile(host, file.name, bytes);
  };
  $('edit-rename').onclick = () => {
    const to = $<HTMLInputElement>('edit-value').value.trim();
    if (to) apply((editor, name) => (editor.rename(name, to), to));
  };
  $('edit-speed').onclick = () => {
    const factor = Number($<HTMLInputElement>('edit-value').value);
    if (factor > 0) apply((editor, name) => (editor.speed(name, factor), name));
    else host.problem('speed: type a factor above 0 in the box (2 plays twice as fast)', true);
  };
  $('edit-delete').onclick = () => apply((editor, name) => (editor.delete(name), undefined));
  const move = (by: number) =>
    apply((editor, name) => {
      const names = editor.animations.map((a) => a.name);
      const at = names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
      const to = Math.max(0, Math.min(names.length - 1, at + by));
      names.splice(to, 0, names.splice(at, 1)[0]!);
      editor.reorder(names);
      return name;
    });
  $('edit-up').onclick = () => move(-1);
  $('edit-down').onclick = () => move(1);
  $('edit-undo').onclick = () => {
    const chosen = host.selected();
    if (!chosen || chosen.file.history.length < 2) return;
    chosen.file.history.pop();
    const bytes = chosen.file.history.at(-1)!;
    host.replace(chosen.file, new IFPReader(bytes), chosen.clip.name);
    lintFile(host, chosen.file.name, bytes);
  };
  $('save-ifp').onclick = () => {
    const chosen = host.selected();
    if (chosen) download(chosen.file.history.at(-1)!, chosen.file.name);
  };
  $('save-animation').onclick = () => {
    const chosen = host.selected();
    if (!chosen) return;
    const editor = IFPEditor.read(chosen.file.history.at(-1)!);
    const keep = chosen.clip.name.toLowerCase();
    for (const name of editor.animations.map((a) => a.name)) if (name.toLowerCase() !== keep) editor.delete(name);
    download(editor.write(), `${chosen.clip.name}.ifp`);
  };
}
