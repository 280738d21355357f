/*
 * The shared worker that holds the event stream of every page of the site in this browser
 * (shared-source.ts starts it). Each page's port attaches to the one stream (stream-hub.ts).
 */
import { createStreamHub, type HubPort } from './stream-hub.ts';

const scope = globalThis as unknown as { onconnect: ((event: MessageEvent) => void) | null };

// A browser whose workers have no EventSource: every page keeps its own stream (shared-source.ts).
const hub = typeof EventSource === 'function' ? createStreamHub({ createSource: (url) => new EventSource(url) }) : null;

scope.onconnect = (event) => {
  const port = event.ports[0] as MessagePort | undefined;
  if (!port) return;
  if (hub) hub.connect(port as unknown as HubPort);
  else port.postMessage({ op: 'unavailable' });
};
