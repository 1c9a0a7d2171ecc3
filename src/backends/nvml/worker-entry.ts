// The NVML reader in its own thread. A GPU that hangs inside the driver blocks the thread that
// called it; here that is this worker, never the process's main thread.

import { parentPort, workerData } from 'node:worker_threads';
import { openNvml } from './index.js';
import type { HostMessage, WorkerInit, WorkerMessage } from './worker-protocol.js';

const init = workerData as WorkerInit | undefined;
if (parentPort && init?.gpuwiseNvmlWorker) {
  const port = parentPort;
  const send = (message: WorkerMessage) => port.postMessage(message);
  const opened = openNvml({ ...init.options, env: init.options.env });
  if (!opened.ok) {
    send({ type: 'opened', ok: false, unavailable: opened.unavailable });
  } else {
    const backend = opened.backend;
    send({ type: 'opened', ok: true, libraryPath: backend.libraryPath });
    port.on('message', async (message: HostMessage) => {
      if (message.type === 'close') {
        await backend.close();
        send({ type: 'closed' });
        port.close();
        return;
      }
      try {
        if (message.type === 'prime') {
          backend.primeSync();
          send({ type: 'primed', id: message.id });
          return;
        }
        const reading = backend.readWithProgress((progress) => send({ type: 'device', id: message.id, progress }));
        send({ type: 'reading', id: message.id, reading });
      } catch (error) {
        send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
      }
    });
  }
}
