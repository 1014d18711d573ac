// What a GTA III, VC or SA folder holds for the viewer: the peds in models/gta3.img (a DFF and its
// TXD) and the animation files (anim/*.ifp, and the IFPs inside anim/*.img). Indexing reads the
// archives' directories and the ped definitions, never a model or an animation: those are read when
// chosen.
import { DecodeError, type IMGEntry } from 'gameanim';
import type { ViewerCode } from './codes.js';
import { readSlice, type FolderFiles } from './folder-files.js';
import { LazyImg } from './lazy-img.js';

export interface Ped {
  /** The model's name, as the game's definitions and the archive spell it. */
  name: string;
  dff: IMGEntry;
  /** Null when the archive lacks the dictionary the definitions name: the ped is listed, drawn untextured, with `note`. */
  txd: IMGEntry | null;
  /** Why the ped looks other than in the game (its dictionary missing), shown beside its name. */
  note?: string;
  /** The archive holding its entries when it is not models/gta3.img: a cutscene's model in anim/cuts.img. */
  archive?: LazyImg;
}

/** An animation file of the folder, loose or inside an archive, read when chosen. */
export interface AnimationFile {
  /** `anim/ped.ifp`, or `anim/anim.img/python.ifp` for an archive's entry. */
  path: string;
  name: string;
  size: number;
  read(): Promise<Uint8Array<ArrayBuffer>>;
  /** The archive it is an entry of, or null for a loose file: a cutscene's models sit beside its IFP there. */
  archive: LazyImg | null;
}

export interface GameIndex {
  game: string;
  models: LazyImg;
  peds: Ped[];
  /** Where the ped list came from: the definitions file, or the skeleton check of every model. */
  pedsFrom: string;
  animations: AnimationFile[];
  /** Archives of anim/ that could not be read: the rest of the folder still opens. */
  problems: string[];
}

/** The folder is not a game folder the viewer can read (code `not-a-game-folder`): the message says what is missing. */
export class NotAGameFolder extends Error {
  override readonly name = 'NotAGameFolder';
  readonly code: ViewerCode = 'not-a-game-folder';
}

const GAMES: Array<[exe: string, game: string]> = [
  ['gta_sa.exe', 'San Andreas'],
  ['gta-vc.exe', 'Vice City'],
  ['gta3.exe', 'GTA III'],
];
/** The ped definitions: SA keeps them in peds.ide, III and VC in default.ide. */
const PED_DEFINITIONS = ['data/peds.ide', 'data/default.ide'];
/** Enough of a DFF to hold its Frame List (a ped's is a few kilobytes, right after the Clump's header). */
const MODEL_HEAD_BYTES = 16_384;

export async function indexGameFolder(files: FolderFiles): Promise<GameIndex> {
  const models = await openArchive(files, 'models/gta3.img');
  if (!models)
    throw new NotAGameFolder('no models/gta3.img here: choose the folder the game is installed in (it holds anim/, models/ and data/)');
  const exe = GAMES.find(([name]) => files.has(name));
  const game = exe?.[1] ?? (models.archive.version === 'VER2' ? 'San Andreas' : 'GTA III or Vice City');
  const { peds, pedsFrom } = await findPeds(files, models);
  const problems = models.warnings.map((w) => `models/gta3.img: warning ${w.code}: ${w.message}`);
  const animations = await findAnimations(files, problems);
  // A cutscene's models (SA keeps them in anim/cuts.img, beside its IFPs) are listed as peds are.
  const archives = new Set(animations.flatMap((file) => (file.archive ? [file.archive] : [])));
  for (const archive of archives)
    for (const pair of modelPairs(archive))
      if (!peds.some((ped) => ped.name.toLowerCase() === pair.name.toLowerCase()))
        peds.push({ ...pair, archive, note: `from ${archive.path}` });
  return { game, models, peds, pedsFrom, animations, problems };
}

/** An archive by its `.img` path: SA's VER2 alone, or III/VC's `.img` with the `.dir` beside it. */
async function openArchive(files: FolderFiles, path: string): Promise<LazyImg | null> {
  const img = files.get(path);
  if (!img) return null;
  const dirPath = path.replace(/\.img$/, '.dir');
  const dir = files.get(dirPath);
  return LazyImg.open(path, img, dir && { path: dirPath, file: dir });
}

/**
 * The models a cutscene's clips name (San Andreas names each animation after its object): each clip
 * name's DFF, and its TXD, looked up in the cutscene's own archive, then in models/gta3.img.
 */
export function modelsNamed(
  index: GameIndex,
  names: readonly string[],
  near: LazyImg | null,
): Array<{ archive: LazyImg; dff: IMGEntry; txd: IMGEntry | null }> {
  const found: Array<{ archive: LazyImg; dff: IMGEntry; txd: IMGEntry | null }> = [];
  for (const name of new Set(names.map((n) => n.toLowerCase()))) {
    for (const archive of near ? [near, index.models] : [index.models]) {
      const dff = archive.find(`${name}.dff`);
      if (!dff) continue;
      found.push({ archive, dff, txd: archive.find(`${name}.txd`) ?? null });
      break;
    }
  }
  return found;
}

/** Each DFF of the archive with a TXD of the same name: a ped's files, if it is a ped. */
function modelPairs(models: LazyImg): Ped[] {
  const pairs: Ped[] = [];
  for (const dff of models.entries) {
    if (!/\.dff$/i.test(dff.name)) continue;
    const name = dff.name.slice(0, -4);
    const txd = models.find(`${name}.txd`);
    if (txd) pairs.push({ name, dff, txd });
  }
  return pairs;
}

/** The peds the game defines (its `peds` sections), else every model pair whose DFF has a skeleton. */
async function findPeds(files: FolderFiles, models: LazyImg): Promise<{ peds: Ped[]; pedsFrom: string }> {
  const definitions = PED_DEFINITIONS.filter((path) => files.has(path));
  if (definitions.length) {
    const peds = new Map<string, Ped>();
    for (const path of definitions) {
      for (const { model, txd } of pedDefinitions(new TextDecoder('latin1').decode(await readSlice(path, files.get(path)!)))) {
        const dff = models.find(`${model}.dff`);
        const texture = models.find(`${txd}.txd`) ?? models.find(`${model}.txd`);
        if (!dff || peds.has(model.toLowerCase())) continue;
        // A ped whose dictionary is missing is still a ped: listed, drawn untextured, and said so.
        const note = texture ? undefined : `no ${txd}.txd in models/gta3.img: drawn without textures`;
        peds.set(model.toLowerCase(), { name: dff.name.slice(0, -4), dff, txd: texture ?? null, ...(note && { note }) });
      }
    }
    return { peds: [...peds.values()], pedsFrom: definitions.join(' and ') };
  }
  const pairs = modelPairs(models);
  const skeletal: boolean[] = [];
  // A few reads at a time: a whole gta3.img holds thousands of models.
  for (let at = 0; at < pairs.length; at += 16) {
    const batch = pairs.slice(at, at + 16);
    skeletal.push(
      ...(await Promise.all(
        batch.map(async (pair) => headHasSkeleton(await models.read({ ...pair.dff, size: Math.min(pair.dff.size, MODEL_HEAD_BYTES) }))),
      )),
    );
  }
  return { peds: pairs.filter((_, i) => skeletal[i]), pedsFrom: 'the models with a skeleton (no data/peds.ide or data/default.ide here)' };
}

/** The `peds` section of an IDE file: `id, model, txd, ...` per line, up to `end`. */
export function pedDefinitions(text: string): Array<{ model: string; txd: string }> {
  const found: Array<{ model: string; txd: string }> = [];
  let inPeds = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    if (!inPeds) inPeds = line.toLowerCase() === 'peds';
    else if (line.toLowerCase() === 'end') inPeds = false;
    else {
      const [, model, txd] = line.split(',').map((field) => field.trim());
      if (model && txd && model.toLowerCase() !== 'null') found.push({ model, txd });
    }
  }
  return found;
}

const HANIM_PLG = 0x11e;
/**
 * Frame names every III and VC unskinned ped has (`Swaist`, `Storso`; `storso` in some): a whole body.
 * A cutscene head has a head frame alone, and is no ped: it would float under the ground.
 */
const III_PED_FRAMES = [/swaist/i, /storso/i];

/**
 * Whether a DFF's first bytes show a skeleton: an HAnim PLG section (SA's and VC's skinned peds; its
 * header's library id ends in 0xFFFF) or III's ped frame names, waist and torso. A look at the Frame List only, so the
 * check costs kilobytes per model rather than the model.
 */
export function headHasSkeleton(head: Uint8Array): boolean {
  // A raw DataView: a scan at every byte offset, not a walk through sections (the head is cut anywhere).
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (let at = 0; at + 12 <= head.length; at++) {
    if (view.getUint32(at, true) === HANIM_PLG && (view.getUint32(at + 8, true) & 0xffff) === 0xffff) return true;
  }
  const text = new TextDecoder('latin1').decode(head);
  return III_PED_FRAMES.every((frame) => frame.test(text));
}

/** The animation files: `anim/*.ifp`, and the IFPs in each `anim/*.img` (SA's anim.img, III/VC's cuts.img). */
async function findAnimations(files: FolderFiles, problems: string[]): Promise<AnimationFile[]> {
  const found: AnimationFile[] = [];
  for (const [path, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith('anim/') || path.indexOf('/', 5) >= 0) continue;
    if (path.endsWith('.ifp')) found.push({ path, name: file.name, size: file.size, read: () => readSlice(path, file), archive: null });
    if (!path.endsWith('.img')) continue;
    const archive = await openArchive(files, path).catch((error: unknown) => {
      if (!(error instanceof DecodeError)) throw error;
      problems.push(`${path}: ${error.code}: ${error.message}`);
      return null;
    });
    for (const entry of archive?.entries ?? []) {
      if (/\.ifp$/i.test(entry.name))
        found.push({
          path: `${path}/${entry.name.toLowerCase()}`,
          name: entry.name,
          size: entry.size,
          read: () => archive!.read(entry),
          archive,
        });
    }
  }
  // ped.ifp first: every ped's own moves, the file to try first.
  return found.sort((a, b) => Number(b.path === 'anim/ped.ifp') - Number(a.path === 'anim/ped.ifp'));
}
