/**
 * One run of the text recogniser on a batch of line images, decoded to text: the same on the
 * engine's own thread and on its reader threads (line-readers.ts).
 */
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { ctcDecode } from './ctc.js';
import { loadDictionary, modelPaths, sessionOptions } from './models.js';

/** One model run: `dims` = [lines, 3, height, width]; `used[k]` = output steps of line k. */
export interface LineBatch {
  data: Float32Array<ArrayBuffer>;
  dims: [number, number, number, number];
  used: number[];
}

export interface ReadLine {
  text: string;
  confidence: number;
}

export interface Recogniser {
  read(batch: LineBatch): Promise<ReadLine[]>;
  release(): Promise<void>;
}

/**
 * A young-generation collection, run after each model run once its output is unreachable.
 * A run's output (steps × 6,625 classes × 4 bytes: up to 4 MB a line) lives in native memory
 * that only a collection of its small JS wrapper gives back, and a thread that allocates little
 * else collects rarely: two reader threads held about 60 MB of dead outputs at their peak. A
 * scavenge finds them young, in about a millisecond. Measured over receipts-dev on two reader
 * threads: engine high-water mark 470 → 408 MB (a full collection instead: 389 MB, but the
 * recogniser's time 470 → 824 ms). `gc` is there in the engine process, which the pool starts with
 * --expose-gc (a V8 flag, so its worker threads have it too); without the flag this does
 * nothing.
 */
function collectDeadOutputs(): void {
  (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });
}

/** Loads a copy of the recogniser that runs on `threads` ONNX Runtime threads. */
export async function loadRecogniser(threads: number, memArena: boolean): Promise<Recogniser> {
  const session = await InferenceSession.create(
    modelPaths().rec,
    sessionOptions(threads, memArena),
  );
  const dictionary = await loadDictionary();
  const input = session.inputNames[0] ?? 'x';
  const output = session.outputNames[0] ?? '';
  const runAndDecode = async (batch: LineBatch): Promise<ReadLine[]> => {
    const out = await session.run({ [input]: new Tensor('float32', batch.data, batch.dims) });
    const probs = out[output];
    if (!probs) throw new Error('recogniser gave no output');
    const [, steps, classes] = probs.dims as [number, number, number];
    const lines = batch.used.map((used, k) => {
      const decoded = ctcDecode(
        probs.data as Float32Array,
        k,
        Math.min(steps, used),
        steps,
        classes,
        dictionary,
      );
      return { text: decoded.text.trim(), confidence: decoded.confidence };
    });
    probs.dispose();
    return lines;
  };
  return {
    async read(batch) {
      const lines = await runAndDecode(batch);
      // The run's output is unreachable once runAndDecode has returned.
      collectDeadOutputs();
      return lines;
    },
    release: () => session.release(),
  };
}
