// Run in a fresh process by the bench: decodes the corpus once with one decoder and prints how much
// resident memory that added. A fresh process matters: ArrayBuffer memory from earlier runs is freed
// lazily, which makes before/after deltas in a long-lived process meaningless.
import { IFPReader, IMGArchive, type Backend } from 'gameanim';
import { ensureCorpus } from './corpus.js';
import { naiveDecode } from './naive-decoder.js';

const [decoder, corpusDir, scale] = process.argv.slice(2) as [Backend | 'naive', string, string];
const corpus = ensureCorpus(corpusDir, { scale: Number(scale) });
const archive = new IMGArchive(corpus.animImg);
const files = [corpus.ped, ...archive.entries.map((e) => archive.read(e))];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('memory-probe needs --expose-gc');

// Warm the code paths on one small file, so compiled code is not counted as decode memory.
for (let i = 0; i < 3; i++) decoder === 'naive' ? naiveDecode(files[1]!) : new IFPReader(files[1]!, { backend: decoder });
gc();
// Resident memory only grows while the decode runs (nothing is handed back to the OS in between), so
// its growth is the decode's peak physical footprint: heap, ArrayBuffers and wasm pages alike.
const before = process.memoryUsage().rss;
const held: unknown[] = files.map((file) => (decoder === 'naive' ? naiveDecode(file) : new IFPReader(file, { backend: decoder })));
const peak = process.memoryUsage().rss - before;
process.stdout.write(JSON.stringify({ peak, files: held.length }));
