/**
 * A lost network as the server's side sees it: requests that `matches` picks are dropped with their connection
 * before the app hears them, so the browser's fetch fails as it does offline. For what Chromium's offline emulation
 * and request routing do not always hold: a request the page's service worker lets through to the network
 * (playwright#2311; a sign-out once reached the server past both on a loaded CI machine).
 */
import type http from 'node:http';

/** Starts dropping; returns the function that lets every request through again. */
export function dropRequests(server: http.Server, matches: (request: http.IncomingMessage) => boolean): () => void {
  const handlers = server.listeners('request') as http.RequestListener[];
  const dropping: http.RequestListener = (request, response) => {
    if (matches(request)) request.socket.destroy();
    else for (const handler of handlers) handler(request, response);
  };
  server.removeAllListeners('request');
  server.on('request', dropping);
  return () => {
    server.off('request', dropping);
    for (const handler of handlers) server.on('request', handler);
  };
}
