import { parentPort } from 'node:worker_threads';
import { type BatchLimits, BatchRefusal, parseBatch } from './parse-batch.ts';

export interface ParseJob {
  id: number;
  raw: Uint8Array;
  encoding: string;
  limits: BatchLimits;
}

/** The worker side of batch-parser-pool.ts: one job at a time, answers by id, transfers the body back. */
parentPort?.on('message', (job: ParseJob) => {
  try {
    const parsed = parseBatch(job.raw, job.encoding, job.limits);
    const body = parsed.body;
    const transfer = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? [body.buffer] : [];
    parentPort?.postMessage({ id: job.id, ok: true, parsed }, transfer as ArrayBuffer[]);
  } catch (error) {
    const refusal =
      error instanceof BatchRefusal
        ? { status: error.status, code: error.code, message: error.message }
        : { status: 400, code: 'bad_batch', message: '請求無法處理' };
    parentPort?.postMessage({ id: job.id, ok: false, refusal });
  }
});
