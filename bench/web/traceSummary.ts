/**
 * What the renderer's main thread spent its long tasks on, from a Chrome trace (`BENCH_TRACE=1 npm run
 * bench:web`): for every top-level task over the limit, the self time of each event inside it (Layout, Paint,
 * the compositor's commit, script, GC...), summed over those tasks. It answers "what makes a reorder slow" where
 * a CPU profile sees only JavaScript.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The main thread of the page's renderer: the thread named CrRendererMain with the most events. */
function rendererMain(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; count: number } | null = null;
  for (const main of mains) {
    const count = events.filter((event) => event.pid === main.pid && event.tid === main.tid).length;
    if (!best || count > best.count) best = { pid: main.pid, tid: main.tid, count };
  }
  return best;
}

export function summariseTrace(json: string, limitMs: number): string {
  const parsed = JSON.parse(json) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = rendererMain(events);
  if (!main) return 'trace: no renderer main thread found';
  const own = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const selfByName = new Map<string, number>();
  let tasks = 0;
  let total = 0;
  for (let index = 0; index < own.length; index += 1) {
    const task = own[index];
    if (!TOP_LEVEL.has(task.name) || task.dur! < limitMs * 1000) continue;
    tasks += 1;
    total += task.dur!;
    const end = task.ts + task.dur!;
    // Self time: each event's duration less its direct children's, found with a stack of open events.
    const stack: Array<{ event: TraceEvent; childTime: number }> = [{ event: task, childTime: 0 }];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].event.ts + stack[stack.length - 1].event.dur! <= until) {
        const done = stack.pop()!;
        const self = done.event.dur! - done.childTime;
        selfByName.set(done.event.name, (selfByName.get(done.event.name) ?? 0) + self);
      }
    };
    for (let inner = index + 1; inner < own.length && own[inner].ts < end; inner += 1) {
      const event = own[inner];
      close(event.ts);
      if (stack.length) stack[stack.length - 1].childTime += event.dur!;
      stack.push({ event, childTime: 0 });
    }
    close(Number.POSITIVE_INFINITY);
  }
  const rows = [...selfByName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14);
  return [
    `trace: ${tasks} main-thread task(s) over ${limitMs} ms, ${(total / 1000).toFixed(0)} ms in all; self time by event:`,
    ...rows.map(([name, micros]) => `  ${name.padEnd(40)} ${(micros / 1000).toFixed(1).padStart(8)} ms`),
  ].join('\n');
}
