// Round five (issue #44, docs/robustness.md): an IMG archive whose entries share one IFP made list,
// dump, bind, lint and txd decode it once per entry. Every reading command now has the bound img
// extract has: entries adding up to more than 64 times the archive are refused before any is decoded.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTRACT_AMPLIFICATION_LIMIT } from '../../src/cli/amplification.js';
import { bind } from '../../src/cli/commands/bind.js';
import { dump } from '../../src/cli/commands/dump.js';
import { lint } from '../../src/cli/commands/lint.js';
import { list } from '../../src/cli/commands/list.js';
import { txdList } from '../../src/cli/commands/txd.js';
import { fixture } from '../helpers/files.js';
import { imgOverlapping } from './inputs.js';

const folder = mkdtempSync(join(tmpdir(), 'gameanim-img-reading-'));
const quiet = () => {};
const ifp = fixture('anp3-all-types.ifp');
/** `records` entries over one shared 64 KB range. */
const archive = (records: number) => {
  const path = join(folder, `shared${records}.img`);
  writeFileSync(path, imgOverlapping(records, ifp, 64 << 10));
  return path;
};

describe('reading commands over entries that share bytes', () => {
  const many = archive(1_000);
  const sharedBytes = 64 * 1024 - 4096 - 32 * 1_000;
  const refusal = (doing: string) =>
    new RegExp(
      `^${many.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${doing} would decode \\d+ bytes of entries, more than ${EXTRACT_AMPLIFICATION_LIMIT} times the archive's size \\(its entries overlap\\); nothing read$`,
    );
  expect(sharedBytes).toBeGreaterThan(0);

  it('list: refused in one line, before decoding any entry', () => {
    const result = list([many], quiet);
    expect(result.inputErrors).toHaveLength(1);
    expect(result.inputErrors[0]).toMatch(refusal('reading its animations to list'));
  });

  it('dump and txd ls: the same refusal', () => {
    expect(dump([many], { json: false }, quiet).inputErrors[0]).toMatch(refusal('reading its entries'));
    expect(txdList([many], quiet, false).inputErrors[0]).toMatch(refusal('reading its entries'));
  });

  it('bind: the same refusal', async () => {
    const result = await bind(join(process.cwd(), 'fixtures/dff-ped-5bone.dff'), [many], quiet);
    expect(result.inputErrors[0]).toMatch(refusal('reading its animations to bind'));
  });

  it('lint: the same refusal', () => {
    const result = lint([many], { ignore: [], json: false }, quiet);
    expect(result.inputErrors.join('\n')).toMatch(refusal('linting its .ifp entries'));
  });

  it('a few entries over the same bytes (within 64 times) are still read, each', () => {
    const few = archive(20);
    const printed: string[] = [];
    expect(list([few], (line) => printed.push(line)).inputErrors).toEqual([]);
    expect(printed.join('\n').match(/^e\d+\.ifp\//gm)?.length).toBeGreaterThanOrEqual(20);
  });
});
