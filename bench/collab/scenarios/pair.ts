/**
 * Runs one scenario against both servers in the same stretch of time: both servers up, both sets of clients
 * connected, and the measured time cut into slices that alternate between the servers (C P P C C P …), so
 * other work on the machine falls on both alike.
 */
import { randomUUID } from 'node:crypto';
import { now } from '../client.ts';
import { stopChild } from '../children.ts';
import type { RunReply } from '../clientProcess.ts';
import { inParallel } from '../benchData.ts';
import { CLIENT_PROCESSES, CONFIG, MOVE_INTERVAL_MS, progress, type Scenario } from '../options.ts';
import type { MemorySample, ProbeStats } from '../serverProbe.ts';
import type { Bench, ScenarioResult } from './results.ts';
import { addSlice, newSide, sideResult, type Side, type Slice } from './side.ts';

export async function runPair(bench: Bench, scenario: Scenario, template: Uint8Array, index: number): Promise<ScenarioResult[]> {
  const { data, clientProcesses } = bench;
  const label = scenario.name;
  progress(`${label}: preparing`);
  const total = scenario.trips * scenario.perTrip;
  const sides: Side[] = [];

  await data.ensureUsers(total);
  const tripIds = await inParallel(
    Array.from({ length: scenario.trips }, (_, trip) => data.users.slice(trip * scenario.perTrip, (trip + 1) * scenario.perTrip)),
    4,
    data.seedTrip,
  );
  const cookies = await inParallel(data.users.slice(0, total), 8, data.cookieFor);
  const servers = await Promise.all([bench.startServer('caravan', `caravan ${label}`), bench.startServer('hocuspocus', `hocuspocus ${label}`)]);
  try {
    const caravan = newSide('caravan', servers[0]);
    const peer = newSide('hocuspocus', servers[1]);
    sides.push(caravan, peer);
    for (let trip = 0; trip < scenario.trips; trip++) {
      const room = randomUUID();
      caravan.trips.push([]);
      peer.trips.push([]);
      for (let member = 0; member < scenario.perTrip; member++) {
        const key = trip * scenario.perTrip + member;
        caravan.trips[trip].push(key);
        caravan.specs.push({ key, protocol: 'caravan', serverUrl: caravan.server.url, room: tripIds[trip], cookie: cookies[key] });
        peer.trips[trip].push(total + key);
        peer.specs.push({ key: total + key, protocol: 'hocuspocus', serverUrl: peer.server.url, room, seed: template });
      }
    }

    const processFor = (side: Side, key: number) => clientProcesses[side.protocol][key % CLIENT_PROCESSES];
    const connect = async (side: Side, group: Side['specs']) => {
      const replies = await Promise.all(
        clientProcesses[side.protocol].map((child) =>
          child.call<{ joined: Array<{ syncMs: number }>; failed: Array<{ key: number; error: string }> }>({
            cmd: 'connect',
            specs: group.filter((spec) => processFor(side, spec.key) === child),
            concurrency: 16,
          }),
        ),
      );
      side.firstJoins.push(...replies.flatMap((reply) => reply.joined));
      side.failed.push(...replies.flatMap((reply) => reply.failed));
    };
    const mem = (side: Side) => side.server.call<MemorySample>({ cmd: 'mem' });

    // Memory: nothing open; then the first client of each trip (which opens the trip); then everyone.
    progress(`${label}: connecting ${total} clients to each server`);
    for (const side of sides) {
      side.memory.base = await mem(side);
      await connect(side, side.specs.filter((spec) => spec.key % scenario.perTrip === 0));
      side.memory.oneEach = await mem(side);
      await connect(side, side.specs.filter((spec) => spec.key % scenario.perTrip !== 0));
      side.memory.all = await mem(side);
      if (side.failed.length) progress(`${label}: ${side.failed.length} ${side.protocol} clients failed to join, e.g. ${side.failed[0].error}`);
    }

    const runSlice = async (side: Side, durationMs: number, warmupMs: number, seed: number): Promise<Slice> => {
      await side.server.call({ cmd: 'stats', reset: true });
      const startAt = now() + 200;
      const cpuBefore = bench.cpuSnapshot();
      const wallStart = now();
      const replies = await Promise.all(
        clientProcesses[side.protocol].map((child) =>
          child.call<RunReply>({ cmd: 'run', protocol: side.protocol, startAt, warmupMs, durationMs, intervalMs: MOVE_INTERVAL_MS, drainMs: CONFIG.drainMs, seed }),
        ),
      );
      const wallMs = now() - wallStart;
      const cpuAfter = bench.cpuSnapshot();
      const stats = await side.server.call<ProbeStats>({ cmd: 'stats', reset: true });
      return { replies, stats, wallMs, cpuBefore, cpuAfter };
    };

    progress(`${label}: warming up`);
    for (const side of sides) await runSlice(side, CONFIG.warmupMs, CONFIG.warmupMs, index * 100);
    const slices = Math.max(1, Math.round(CONFIG.durationMs / CONFIG.sliceMs));
    progress(`${label}: ${slices} slices of ${CONFIG.sliceMs / 1000} s per server, alternating`);
    for (let slice = 0; slice < slices; slice++) {
      const order = slice % 2 === index % 2 ? [sides[0], sides[1]] : [sides[1], sides[0]];
      for (const side of order) addSlice(side, await runSlice(side, CONFIG.sliceMs, 0, index * 100 + slice + 1));
    }
    for (const side of sides) side.memory.after = await mem(side);
    await Promise.all(Object.values(clientProcesses).flat().map((child) => child.call({ cmd: 'closeAll' })));

    const seconds = (slices * CONFIG.sliceMs) / 1000;
    return sides.map((side) => sideResult(side, scenario, total, seconds));
  } finally {
    await Promise.all(servers.map(stopChild));
  }
}
