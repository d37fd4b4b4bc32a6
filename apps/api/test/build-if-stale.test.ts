// `npm start` rebuilds a target only when its inputs changed since its last build
// (scripts/build-if-stale.mjs): a restart of a built install skips the build.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildTarget } from '../../../scripts/build-if-stale.mjs';
import { hashInputs, recordBuilt, staleReason, TARGETS } from '../../../scripts/build-if-stale.mjs';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

const target: BuildTarget = {
  name: 'demo',
  inputs: ['src', 'package.json'],
  outputs: ['dist/out.js'],
  stamp: 'dist/.build-inputs',
  command: ['true'],
};

let root: string | null = null;
afterEach(async () => {
  if (root !== null) await rm(root, { recursive: true, force: true });
  root = null;
});

async function put(dir: string, file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), content);
}

/** Marks the demo target built from its current inputs. */
async function build(dir: string): Promise<void> {
  await put(dir, 'dist/out.js', 'built');
  recordBuilt(dir, target, hashInputs(dir, target.inputs));
}

describe('build if stale', () => {
  it('builds when the output or the record of its inputs is missing', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'evenly-build-'));
    await put(root, 'src/a.ts', 'a');
    expect(staleReason(root, target)).toBe('dist/out.js is missing');
    await put(root, 'dist/out.js', 'built');
    expect(staleReason(root, target)).toBe('no record of the inputs it was built from');
    await build(root);
    expect(staleReason(root, target)).toBeNull();
  });

  it('builds again after an edit, an added or a removed file, not after a mere touch', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'evenly-build-'));
    await put(root, 'src/a.ts', 'a');
    await put(root, 'package.json', '{}');
    await build(root);

    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'src/a.ts'), later, later);
    // Outputs and installed packages inside an input folder are not inputs.
    await put(root, 'src/node_modules/x/index.js', 'x');
    await put(root, 'src/dist/y.js', 'y');
    expect(staleReason(root, target)).toBeNull();

    await put(root, 'src/a.ts', 'a2');
    expect(staleReason(root, target)).toBe('its sources changed');
    await build(root);

    await put(root, 'src/nested/b.ts', 'b');
    expect(staleReason(root, target)).toBe('its sources changed');
    await build(root);

    await rm(path.join(root, 'src/nested/b.ts'));
    expect(staleReason(root, target)).toBe('its sources changed');
    await build(root);

    await put(root, 'package.json', '{"a":1}');
    expect(staleReason(root, target)).toBe('its sources changed');
  });

  it('builds again after outputs were written without a record (npm run build)', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'evenly-build-'));
    await put(root, 'src/a.ts', 'a');
    await build(root);
    // Edit, build outside the script, revert: the inputs hash as recorded, the output does not.
    await put(root, 'dist/nested/out2.js', 'built from an edit');
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'dist/nested/out2.js'), later, later);
    expect(staleReason(root, target)).toBe('built since without a record');
    await build(root);
    await utimes(path.join(root, target.stamp), later, later);
    expect(staleReason(root, target)).toBeNull();
  });

  it('names inputs that exist in this repository, and stamps inside the outputs', () => {
    for (const t of TARGETS) {
      for (const input of t.inputs) expect(existsSync(path.join(REPO, input)), input).toBe(true);
      // A build that empties its output folder also drops the stamp: never a stale "up to date".
      const outDirs = t.outputs.map((o) => path.dirname(o));
      expect(outDirs).toContain(path.dirname(t.stamp));
    }
  });
});
