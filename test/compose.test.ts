/** docker-compose.yml and deploy/nginx.conf against the code: services, the variables the processes read, ports. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COLLAB_NODE_FLAGS } from '@caravan/collab-server';
import { loadConfig, repoRoot } from '@caravan/engine';

interface Service {
  image?: string;
  restart?: string;
  command?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
}
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const nginx = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
const services = Object.entries(compose.services);
const running = (main: string) => services.filter(([, service]) => service.command?.split(' ').includes(main));
const apis = running('server/src/main.ts');
const collabs = running('collab-server/src/main.ts');

/**
 * The variable names `loadConfig` reads, recorded as it reads them from `env`; the variables compose leaves empty
 * are given a value, as an operator would (GOOGLE_CLIENT_SECRET is read only once GOOGLE_CLIENT_ID is set).
 */
function variablesRead(env: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const filled = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value || 'set']));
  loadConfig(new Proxy(filled, { get: (target, name) => (read.add(String(name)), target[String(name)]) }));
  return read;
}

/** The environment as compose hands it over with nothing set outside: `${NAME:-default}` becomes the default. */
const resolved = (environment: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, value.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, two API processes, two collab processes and one proxy', () => {
    expect(apis.map(([name]) => name)).toHaveLength(2);
    expect(collabs.map(([name]) => name)).toHaveLength(2);
    expect(services.filter(([, service]) => service.image?.startsWith('postgres:'))).toHaveLength(1);
    expect(services.filter(([, service]) => service.image?.startsWith('nginx:'))).toHaveLength(1);
  });

  it('has Docker start every API and collab process again whenever it stops, forever (its own doubling pause from 0.1 s)', () => {
    // No supervisor of ours runs them there (npm start's runs the collab process of a single machine).
    for (const [name, service] of [...apis, ...collabs]) expect(service.restart, name).toBe('unless-stopped');
  });

  it('starts every collab process with the Node flags npm start gives it (not allowed in NODE_OPTIONS)', () => {
    for (const [name, service] of collabs) {
      const words = service.command!.split(' ');
      expect(words.slice(0, words.indexOf('--import')), name).toEqual(['node', ...COLLAB_NODE_FLAGS]);
    }
  });

  it('sets only variables the code reads (NODE_OPTIONS aside, which is node\'s)', () => {
    for (const [name, service] of [...apis, ...collabs]) {
      const environment = resolved(service.environment);
      const read = variablesRead(environment);
      const unread = Object.keys(environment).filter((variable) => !read.has(variable) && variable !== 'NODE_OPTIONS');
      expect(unread, `${name} sets variables nothing reads`).toEqual([]);
    }
  });

  it("lists every collab process, at its own port, in every API process's COLLAB_URLS, alike", () => {
    const collabOrigins = collabs.map(([name, service]) => `http://${name}:${loadConfig(resolved(service.environment)).collabPort}`);
    for (const [, service] of collabs) expect(loadConfig(resolved(service.environment)).collabHost).toBe('0.0.0.0');
    for (const [, service] of apis) {
      expect([...loadConfig(resolved(service.environment)).collabUrls].sort()).toEqual([...collabOrigins].sort());
    }
  });

  it("has the proxy reach every API process at the port it listens on, and publish one origin", () => {
    const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
    expect(upstreams.sort()).toEqual(apis.map(([name, service]) => `${name}:${loadConfig(resolved(service.environment)).port}`).sort());
    const [proxyName, proxy] = services.find(([, service]) => service.image?.startsWith('nginx:'))!;
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    const listen = /^\s*listen\s+(\d+);/m.exec(nginx)![1];
    const published = proxy.ports!.map((mapping) => mapping.split(':'));
    expect(published.map(([, inside]) => inside), proxyName).toEqual([listen]);
    // The origin the app calls itself by is the proxy's, and every process agrees on it.
    const origins = new Set([...apis, ...collabs].map(([, service]) => loadConfig(resolved(service.environment)).publicOrigin));
    expect([...origins]).toEqual([`http://localhost:${published[0][0]}`]);
    // Nothing but the proxy is published: the processes behind it are reached through it only.
    for (const [name, service] of [...apis, ...collabs]) expect(service.ports, name).toBeUndefined();
  });

  it('forwards websocket upgrades through the proxy', () => {
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(nginx).toMatch(/proxy_http_version 1\.1;/);
  });
});
