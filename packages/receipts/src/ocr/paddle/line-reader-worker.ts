/**
 * Worker thread of `LineReaders`: holds one copy of the text recogniser and reads the batches of
 * line images it is sent, decoding them here so only the text travels back (the model's output
 * is steps × 6,625 classes per line, megabytes; the text is bytes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ReaderReply, ReaderWorkerData } from './line-readers.js';
import type { LineBatch, Recogniser } from './read-batch.js';
import { loadRecogniser } from './read-batch.js';

const port = parentPort;
if (!port) throw new Error('line-reader-worker runs as a worker thread');
const send = (reply: ReaderReply) => port.postMessage(reply);
const { memArena } = workerData as ReaderWorkerData;

async function main(): Promise<void> {
  let recogniser: Recogniser;
  try {
    recogniser = await loadRecogniser(1, memArena);
  } catch (err) {
    send({ type: 'fatal', reason: err instanceof Error ? err.message : String(err) });
    return;
  }
  port?.on('message', (batch: LineBatch) => {
    recogniser.read(batch).then(
      (lines) => send({ type: 'read', lines }),
      (err: unknown) =>
        send({ type: 'error', reason: err instanceof Error ? err.message : String(err) }),
    );
  });
  send({ type: 'ready' });
}

void main();
