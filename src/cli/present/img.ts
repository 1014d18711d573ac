// What the command line and the viewer print for this format (see ../presentation.ts).
import { plural, textTable } from '../text.js';
import type { Presentation } from '../presentation.js';
import { imgFormat } from 'gameanim';
import type { IMGArchive } from 'gameanim';

export const imgPresentation: Presentation<IMGArchive> = {
  format: imgFormat,
  summary: (archive) => `IMG ${archive.version}, ${plural(archive.entries.length, 'entry', 'entries')}`,
  dumpText(archive, print) {
    print(
      textTable(
        ['name', 'offset', 'size'],
        archive.entries.map((e) => [e.name, String(e.offset), String(e.size)]),
      ),
    );
    for (const w of archive.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson: (archive, file) => ({ file, format: 'IMG', version: archive.version, warnings: archive.warnings, entries: archive.entries }),
};
