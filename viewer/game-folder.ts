// "Open game folder": the user picks a GTA III, VC or SA install folder (nothing is uploaded); the
// page lists its peds and animation files, and opens a ped's DFF and TXD, or an animation file, when
// chosen, reading only those bytes from the archives.
import { DecodeError, IFPReader, type IMGEntry } from 'gameanim';
import { bytesRead, chooseFolder, filesOfInput, type FolderFiles } from './folder-files.js';
import { indexGameFolder, modelsNamed, NotAGameFolder, type AnimationFile, type GameIndex, type Ped } from './game-index.js';
import type { LazyImg } from './lazy-img.js';
import { listItem } from './page.js';
import './game-folder.css';

export interface GameFolderHost {
  /** Opens files as if dropped: models first, then their dictionaries and animations; `show` names the file whose clips to show. */
  openFiles(files: File[], options?: { show?: string }): Promise<void>;
  problem(text: string, error?: boolean): void;
}

/** What the tests read: the index, the bytes read per file, how long the last ped took to show. */
interface GameFolderHooks {
  index: GameIndex | null;
  bytesRead: Record<string, number>;
  /** Milliseconds from choosing a ped to the first frame drawn with it (a goal of 2 s; measured, not enforced). */
  pedOnScreenMs: number | null;
}
const hooks: GameFolderHooks = { index: null, bytesRead: {}, pedOnScreenMs: null };
(window as unknown as { gameFolder: GameFolderHooks }).gameFolder = hooks;

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties);
}

/** The button and the panel are made here, so the page's markup needs no change for them. */
export function setUpGameFolder(host: GameFolderHost): void {
  const input = element('input', { id: 'folder-input', type: 'file', hidden: true });
  input.webkitdirectory = true;
  const button = element('button', {
    id: 'open-folder',
    textContent: 'Open game folder',
    title: 'a GTA III, Vice City or San Andreas install folder; nothing is uploaded',
  });
  const header = document.querySelector('header') ?? document.body;
  header.insertBefore(button, header.querySelector('#status'));
  header.append(input);

  const note = element('p', { id: 'game-folder-note' });
  const search = element('input', { id: 'ped-search', type: 'search', placeholder: 'search peds' });
  const peds = element('ul', { id: 'peds' });
  const animations = element('ul', { id: 'animation-files' });
  const section = element('section', { id: 'game-folder', hidden: true });
  section.append(
    element('h2', { textContent: 'Game folder' }),
    note,
    search,
    element('h3', { textContent: 'Peds' }),
    peds,
    element('h3', { textContent: 'Animation files' }),
    animations,
  );
  const left = document.querySelector('#left') ?? document.body;
  left.prepend(section);

  const read = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DecodeError) && !(error instanceof NotAGameFolder)) throw error;
      host.problem(`${what}: ${error.message}`, true);
    } finally {
      hooks.bytesRead = Object.fromEntries(bytesRead);
    }
  };

  const showPed = (ped: Ped) =>
    read(ped.name, async () => {
      const chosenAt = performance.now();
      const index = hooks.index!;
      // A ped without its dictionary (ped.note says so) opens as its model alone.
      const entries = ped.txd ? [ped.dff, ped.txd] : [ped.dff];
      const archive = ped.archive ?? index.models;
      const bytes = await Promise.all(entries.map((entry) => archive.read(entry)));
      await host.openFiles(entries.map((entry, i) => new File([bytes[i]!], entry.name)));
      // The page draws in its animation frame: two frames on, this ped has been drawn.
      await nextFrame();
      await nextFrame();
      hooks.pedOnScreenMs = performance.now() - chosenAt;
      for (const item of peds.children) item.classList.toggle('selected', (item as HTMLElement).dataset['ped'] === ped.name);
    });

  // A cutscene's IFP opens with the models its clips name, found in the folder: they play as one scene.
  const showAnimation = (file: AnimationFile) =>
    read(file.path, async () => {
      const bytes = await file.read();
      const names = new IFPReader(bytes).animations.map((clip) => clip.name);
      const models = hooks.index ? modelsNamed(hooks.index, names, file.archive) : [];
      const parts =
        models.length >= 2
          ? models.flatMap(
              (model) =>
                (model.txd
                  ? [
                      [model.archive, model.dff],
                      [model.archive, model.txd],
                    ]
                  : [[model.archive, model.dff]]) as Array<[LazyImg, IMGEntry]>,
            )
          : [];
      const data = await Promise.all(parts.map(([archive, entry]) => archive.read(entry)));
      // The file picked shows its own clips: ped.ifp's opening clip playing would hide them at the list's end.
      await host.openFiles([...parts.map(([, entry], i) => new File([data[i]!], entry.name)), new File([bytes], file.name)], {
        show: file.name,
      });
    });

  const renderPeds = () => {
    const filter = search.value.toLowerCase();
    peds.replaceChildren();
    for (const ped of hooks.index?.peds ?? []) {
      if (filter && !ped.name.toLowerCase().includes(filter)) continue;
      const kilobytes = Math.round((ped.dff.size + (ped.txd?.size ?? 0)) / 1024);
      const item = listItem(ped.name, ped.note ? `${kilobytes} KB, ${ped.note}` : `${kilobytes} KB`);
      item.dataset['ped'] = ped.name;
      item.onclick = () => void showPed(ped);
      peds.append(item);
    }
  };
  search.oninput = renderPeds;

  const openFolder = (files: FolderFiles) =>
    read('game folder', async () => {
      const index = await indexGameFolder(files);
      hooks.index = index;
      for (const problem of index.problems) host.problem(problem);
      note.textContent = `${index.game}: ${index.peds.length} peds (from ${index.pedsFrom}), ${index.animations.length} animation files`;
      renderPeds();
      animations.replaceChildren();
      for (const file of index.animations) {
        const item = listItem(file.path, `${Math.round(file.size / 1024)} KB`);
        item.dataset['animationFile'] = file.path;
        item.onclick = () => void showAnimation(file);
        animations.append(item);
      }
      section.hidden = false;
      // ped.ifp holds every ped's moves: open, a chosen ped plays at once.
      const pedIfp = index.animations.find((file) => file.path === 'anim/ped.ifp');
      if (pedIfp) await showAnimation(pedIfp);
    });

  button.onclick = () => void chooseFolder(input).then((files) => files && openFolder(files));
  input.onchange = () => void openFolder(filesOfInput(input.files ?? []));
}
