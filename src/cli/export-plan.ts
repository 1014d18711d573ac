// What `gameanim export MODEL FILE... -o DIR` will write, decided before any work starts: one unit per
// IFP package of every IFP file and IFP entry of an archive, or per file of clips without packages
// (IGI 2, ANM2), or (--per-animation) per animation; --anim keeps the named animations only.
import { withArticle } from './text.js';
import { basename } from 'node:path';
import { IFPReader } from 'gameanim';
import { amplificationRefusal } from './amplification.js';
import { append } from './append.js';
import { sourceClips, wantedClip, type ExportUnit } from './export-unit.js';
import { formatOf, InputError, openArchive, readInput } from './inputs.js';
import { onFile } from './commands/result.js';

/** A unit before its output is named: `name` is the file name it asks for. */
export type PlannedUnit = Omit<ExportUnit, 'out'> & { name: string };

export interface PlanOptions {
  anims: readonly string[];
  perAnimation: boolean;
  /** Past img extract's bound on overlapping entries (--force). */
  force: boolean;
}

/** A group of clips that is one .glb without --per-animation. */
interface ClipGroup {
  source: string;
  entry?: string;
  packageIndex?: number;
  /** The file name without .glb: the package's, or the file's. */
  stem: string;
  clipNames: string[];
}

function groupsOf(source: string, options: PlanOptions): ClipGroup[] {
  const bytes = readInput(source);
  const { format } = formatOf(source, bytes);
  const ifps: Array<{ entry?: string; bytes: Uint8Array }> = [];
  if (format.archive) {
    const { archive } = openArchive(source, bytes, true);
    const entries = archive.entries.filter((entry) => /\.ifp$/i.test(entry.name));
    // Overlapping entries would make one small archive into any number of files: img extract's bound.
    const refusal = options.force ? undefined : amplificationRefusal(source, bytes, archive, entries, 'exporting its IFP entries');
    if (refusal) throw new InputError(refusal);
    for (const entry of entries) ifps.push({ entry: entry.name, bytes: archive.read(entry) });
  } else if (format.packages) ifps.push({ bytes });
  else if (format.clips) {
    const clipNames = sourceClips(source, undefined, undefined).map((clip) => clip.name);
    return [{ source, stem: basename(source).replace(/\.[^.]*$/, ''), clipNames }];
  } else
    throw new InputError(
      `${source}: ${withArticle(format.name)} file; export over many files takes IFP files, IMG archives and IGI 2 or ANM2 clips`,
    );
  return ifps.flatMap(({ entry, bytes: ifp }) =>
    new IFPReader(ifp).packages.map((pkg, packageIndex) => ({
      source,
      entry,
      packageIndex,
      stem: pkg.name,
      clipNames: pkg.animations.map((a) => a.name),
    })),
  );
}

/** The units of every source, and the input errors (a source that cannot be read, an --anim found nowhere). */
export function planUnits(sources: readonly string[], options: PlanOptions): { planned: PlannedUnit[]; inputErrors: string[] } {
  const planned: PlannedUnit[] = [];
  const inputErrors: string[] = [];
  const found = new Set<string>();
  for (const source of sources) {
    const result = onFile(source, () => {
      for (const { stem, clipNames, ...group } of groupsOf(source, options)) {
        const wanted = clipNames.filter((name) => wantedClip(options.anims, name));
        for (const name of wanted) found.add(name.toLowerCase());
        if (!options.perAnimation) {
          if (wanted.length) planned.push({ ...group, name: `${stem}.glb` });
        } else for (const animation of wanted) planned.push({ ...group, animation, name: `${stem}.${animation}.glb` });
      }
      return { inputErrors: [] };
    });
    append(inputErrors, result.inputErrors);
  }
  for (const name of options.anims)
    if (!found.has(name.toLowerCase())) inputErrors.push(`${sources.join(', ')}: no animation named "${name}"`);
  return { planned, inputErrors };
}
