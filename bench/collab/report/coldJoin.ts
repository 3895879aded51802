/** The report's cold-join section: the trip after HISTORY_MOVES moves, its persisted size and its joins. */
import { CONFIG, log } from '../options.ts';
import type { HistoryResult } from '../scenarios/results.ts';
import { kb, ms, percentile } from '../stats.ts';

export function reportColdJoin(history: HistoryResult): void {
  log(`Trip after ${history.moves.toLocaleString('en')} moves (5 clients, as fast as acknowledged; ${history.commits} commits)`);
  log(
    `persisted: trip_docs.state ${history.stateBytes.toLocaleString('en')} B + ${history.logRows} trip_doc_updates rows ` +
      `${history.logBytes.toLocaleString('en')} B = ${history.persistedBytes.toLocaleString('en')} B (${kb(history.persistedBytes)}); ` +
      `document as a client holds it ${history.docBytes.toLocaleString('en')} B`,
  );
  log(
    `caravan cold join (connect + auth + load from PostgreSQL + sync), ${history.cold.length} joins after ${CONFIG.coldJoinWarmups} untimed: ` +
      `p50 ${ms(percentile(history.cold, 50))}, max ${ms(percentile(history.cold, 100))}, the very first ${ms(history.coldFirst)}; ` +
      `socket open p50 ${ms(percentile(history.coldOpen, 50))}, the client's Y.applyUpdate of the sync step 2 p50 ${ms(percentile(history.coldApply, 50))} ` +
      `(max ${ms(percentile(history.coldApply, 100))}); server reads the stored bytes p50 ${ms(percentile(history.coldServerRead, 50))}, then (after sending them) builds its copy p50 ${ms(percentile(history.coldServerBuild, 50))}`,
  );
  log(
    `  load, redone in the bench process: read snapshot + log (readCatchUp) p50 ${ms(percentile(history.loadRead, 50))}, ` +
      `Y.applyUpdate of them p50 ${ms(percentile(history.loadApply, 50))} (of which the log rows ${ms(percentile(history.loadApplyRows, 50))}), ` +
      `Y.encodeStateAsUpdate (what sync step 2 sends a new client) p50 ${ms(percentile(history.loadEncode, 50))}`,
  );
  log(
    `  machine busy during the cold joins: ${history.coldMachinePct.toFixed(0)} % of all CPUs (both sides' applies and the unloads' compactions included)`,
  );
  log(`caravan cold join through y-websocket's WebsocketProvider: p50 ${ms(percentile(history.coldYWebsocket, 50))} (${history.coldYWebsocket.length} joins)`);
  log(`caravan warm join (trip loaded): ${ms(history.warm)}; hocuspocus warm join (its only kind: no persistence): ${ms(history.peerWarm)}, document ${history.peerDocBytes.toLocaleString('en')} B`);
}
