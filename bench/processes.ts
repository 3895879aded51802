/** Process plumbing for the benchmarks: ports, child processes, and CPU time per process from /proc. */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A forked child's role: the real API server, as `npm start` wires it (its worker pool included), logging at
 * LOG_LEVEL; tells its parent 'ready' once it listens and stops cleanly on SIGTERM.
 */
export async function runApiServer(): Promise<void> {
  const { createLogger, loadConfig } = await import('@caravan/engine');
  const { startServer } = await import('@caravan/server');
  // A bench measures Caravan, never a public service: PROVIDERS=offline whatever the shell says.
  const config = loadConfig({ ...process.env, PROVIDERS: 'offline' });
  const server = await startServer(config, config.databaseUrl!, createLogger(config.logLevel));
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  process.send?.('ready');
}

/** Forks `modulePath` (this runner's loader included) with `childRole` as its argument; resolves on its first message. */
export function startChild(modulePath: string, childRole: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<ChildProcess> {
  const child = fork(modulePath, [childRole], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${childRole} process exited early (${code})`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function machine(): string {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  return `${os.cpus().length} CPU (${model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`;
}

export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

const TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (backends, writers): where the database's share of the CPU goes. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export interface CpuMeter {
  /** CPU ms per request of each process group since the meter started. */
  perRequest: (requests: number) => string;
}

/** Processes that start during the run (a pool opening a connection) count from zero. */
export function cpuMeter(groups: Record<string, () => number[]>): CpuMeter {
  const ownStart = process.cpuUsage();
  const start = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((pid) => [pid, cpuMs(pid)]))]),
  );
  return {
    perRequest: (requests) => {
      const own = process.cpuUsage(ownStart);
      const parts = Object.entries(groups).map(([name, pids]) => {
        const used = pids().reduce((sum, pid) => sum + cpuMs(pid) - (start[name].get(pid) ?? 0), 0);
        return `${name} ${(used / requests).toFixed(3)}`;
      });
      parts.push(`autocannon ${((own.user + own.system) / 1000 / requests).toFixed(3)}`);
      return `CPU ms per request: ${parts.join(', ')}`;
    },
  };
}
