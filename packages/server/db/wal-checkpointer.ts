import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies what the write-ahead log holds into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The checkpointer's thread: its own connection to the file and a passive checkpoint every interval.
 * Plain JavaScript given as source, not a module: the thread starts without the TypeScript loader
 * the process runs under (Node's type stripping in production, Vite's in tests). A passive checkpoint never waits for a
 * lock and never blocks a reader or a writer; what it cannot copy yet it copies next time.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const fail = (error) => parentPort.postMessage({ failed: String((error && error.message) || error) });
const run = () => {
  let db;
  try {
    db = new Database(workerData.file, { fileMustExist: true });
  } catch (error) {
    fail(error);
    parentPort.close();
    return;
  }
  const checkpoint = () => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      fail(error);
    }
  };
  const timer = setInterval(checkpoint, workerData.intervalMs);
  parentPort.on('message', () => {
    clearInterval(timer);
    checkpoint();
    try {
      db.close();
    } catch {
      // The file is gone already (a test's scratch directory): nothing is left to copy.
    }
    parentPort.close();
  });
};
run();
`;

export interface WalCheckpointer {
  /** Copies what is left, closes the thread's connection and ends it. */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  /** A checkpoint failed, or the thread could not open the database. */
  onError: (message: string) => void;
  /** The thread ended without being stopped: the caller must checkpoint again itself. */
  onLost: () => void;
}

/**
 * Checkpoints a SQLite database in WAL mode from a thread of its own. SQLite's automatic checkpoint
 * runs inside the commit that fills the log past 1,000 pages: that commit copies about 4 MB into the
 * database file and waits for the disk, holding the event loop for tens of milliseconds while every
 * request and event stream of the process waits (bench/events-scale.ts showed it as the slowest
 * deliveries). The caller turns that off on its connection (`wal_autocheckpoint = 0`) and starts this;
 * should the thread end (`onLost`), it turns it back on, or the log would grow without end.
 * The thread does not keep the process alive.
 */
export function startWalCheckpointer(file: string, options: WalCheckpointerOptions): WalCheckpointer {
  const { intervalMs = CHECKPOINT_INTERVAL_MS, onError, onLost } = options;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  worker.unref();
  // Once stopping, a failure is not news: the connection is closing and SQLite copies what the log
  // still holds when the database is next opened (a test removes its scratch directory meanwhile).
  let stopping = false;
  worker.on('message', (message: { failed: string }) => {
    if (!stopping) onError(message.failed);
  });
  worker.on('error', (error) => {
    if (!stopping) onError(String(error.message ?? error));
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping) onLost();
      resolve();
    }),
  );
  return {
    stop() {
      stopping = true;
      worker.postMessage('stop');
      return exited;
    },
  };
}
