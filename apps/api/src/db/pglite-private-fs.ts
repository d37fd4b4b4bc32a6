// PGlite's file system (Emscripten's NODEFS) gives every file the database creates the mode the
// database asked for (0644 through fopen, 0666 for its template files), whatever the process
// umask: this one leaves group and others out of every mode it sets (issue #30 finding 5).
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Chmod = (node: unknown, mode: number, dontFollow?: boolean) => void;
type EmscriptenOpts = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PreRun = (mod: { FS?: { chmod?: Chmod } }) => void;

export class PrivateNodeFS extends NodeFS {
  override async init(
    pg: PGlite,
    opts: EmscriptenOpts,
  ): Promise<{ emscriptenOpts: EmscriptenOpts }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const keepPrivate: PreRun = (mod) => {
      const fs = mod.FS;
      const chmod = fs?.chmod;
      if (fs === undefined || chmod === undefined) return;
      fs.chmod = (node, mode, dontFollow) => chmod.call(fs, node, mode & ~0o077, dontFollow);
    };
    const preRun = [...((emscriptenOpts.preRun ?? []) as PreRun[]), keepPrivate];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as EmscriptenOpts };
  }
}
