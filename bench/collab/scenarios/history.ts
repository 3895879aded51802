/**
 * The cold-join scenario: 5 clients make HISTORY_MOVES moves on one Caravan trip; then the trip's persisted size,
 * timed cold joins (the server holds nothing of it), a warm join, and the peer's warm join for reference.
 */
import { randomUUID } from 'node:crypto';
import type { ClientSpec } from '../client.ts';
import { stopChild } from '../children.ts';
import { machineBusyPct } from '../machineCpu.ts';
import { CONFIG, HISTORY_MOVES, progress, sleep, STOPS_PER_TRIP } from '../options.ts';
import type { ProbeStats } from '../serverProbe.ts';
import { makeHistory, redoLoads, timeJoin, timeYWebsocketJoin, waitUnloaded } from './joins.ts';
import type { Bench, HistoryResult } from './results.ts';

export async function runHistory(bench: Bench, template: Uint8Array): Promise<HistoryResult> {
  const { data } = bench;
  await data.ensureUsers(6);
  const members = data.users.slice(0, 5);
  const tripId = await data.seedTrip(members);
  const cookies = await Promise.all(members.map(data.cookieFor));
  const ownerCookie = await data.cookieFor(members[0]);

  progress(`caravan: ${HISTORY_MOVES.toLocaleString('en')} moves on one trip`);
  const server = await bench.startServer('caravan', 'caravan history', { COLLAB_UNLOAD_AFTER_MS: '50' });
  let result: HistoryResult;
  try {
    await server.call({ cmd: 'stats', reset: true });
    const clients = await makeHistory(
      server.url,
      cookies.map((cookie) => ({ protocol: 'caravan', serverUrl: server.url, room: tripId, cookie })),
    );
    const writeStats = await server.call<ProbeStats>({ cmd: 'stats', reset: true });
    const owner: ClientSpec = { protocol: 'caravan', serverUrl: server.url, room: tripId, cookie: ownerCookie };
    /** A join of the trip while the server does not hold it; returns once the room has unloaded again. */
    const coldJoin = async () => {
      const join = await timeJoin(owner);
      await waitUnloaded(server, tripId);
      return join;
    };
    const warm = await timeJoin(owner);
    for (const client of clients) client.close();
    await waitUnloaded(server, tripId);

    const [sizes] = await data.dataSource.query(
      `SELECT octet_length(d.state) AS state,
              (SELECT coalesce(sum(octet_length(u.update)), 0) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id) AS log,
              (SELECT count(*) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id) AS rows
         FROM trip_docs d WHERE d.trip_id = $1`,
      [tripId],
    );

    progress(`caravan: ${CONFIG.coldJoinWarmups} + ${CONFIG.coldJoins} cold joins`);
    // Untimed joins first, as every scenario warms up: the history was made of small updates, and the code
    // that applies a whole 10,000-move document (client and server) runs 2–4× slower until the JIT has seen it.
    let coldFirst = 0;
    for (let round = 0; round < CONFIG.coldJoinWarmups; round++) {
      const join = await coldJoin();
      if (round === 0) coldFirst = join.syncMs;
    }
    await server.call({ cmd: 'stats', reset: true });
    const cold: number[] = [];
    const coldOpen: number[] = [];
    const coldApply: number[] = [];
    const coldCpu = bench.cpuSnapshot();
    let docBytes = 0;
    for (let round = 0; round < CONFIG.coldJoins; round++) {
      const join = await coldJoin();
      if (join.stops !== STOPS_PER_TRIP) throw new Error(`cold join saw ${join.stops} stops`);
      cold.push(join.syncMs);
      coldOpen.push(join.openMs);
      coldApply.push(join.applyMs);
      docBytes = join.docBytes;
    }
    const coldMachinePct = machineBusyPct(coldCpu, bench.cpuSnapshot());
    const coldYWebsocket: number[] = [];
    for (let round = 0; round < 5; round++) {
      coldYWebsocket.push(await timeYWebsocketJoin(server.url, tripId, ownerCookie));
      await waitUnloaded(server, tripId);
    }
    const loadStats = await server.call<ProbeStats>({ cmd: 'stats', reset: true });
    const loads = await redoLoads(data.dataSource, tripId);
    const opened = loadStats.extra.opened as { samples: number[] };
    const built = loadStats.extra.built as { samples: number[] };
    result = {
      moves: HISTORY_MOVES,
      commits: (writeStats.extra.persisted as { count: number }).count,
      stateBytes: Number(sizes.state),
      logBytes: Number(sizes.log),
      logRows: Number(sizes.rows),
      persistedBytes: Number(sizes.state) + Number(sizes.log),
      docBytes,
      cold,
      coldFirst,
      coldOpen,
      coldApply,
      coldServerRead: opened.samples,
      coldServerBuild: built.samples,
      coldYWebsocket,
      ...loads,
      coldMachinePct,
      warm: warm.syncMs,
      peerWarm: Number.NaN,
      peerDocBytes: 0,
    };
  } finally {
    await stopChild(server);
  }

  // The peer keeps nothing once a document's last client leaves (no persistence by default): only a warm
  // join is possible, shown for reference.
  progress(`hocuspocus: ${HISTORY_MOVES.toLocaleString('en')} moves on one document`);
  const peer = await bench.startServer('hocuspocus', 'hocuspocus history');
  try {
    const room = randomUUID();
    const clients = await makeHistory(
      peer.url,
      members.map(() => ({ protocol: 'hocuspocus', serverUrl: peer.url, room, seed: template })),
    );
    await sleep(200);
    const warm = await timeJoin({ protocol: 'hocuspocus', serverUrl: peer.url, room });
    result.peerWarm = warm.syncMs;
    result.peerDocBytes = warm.docBytes;
    for (const client of clients) client.close();
  } finally {
    await stopChild(peer);
  }
  return result;
}
