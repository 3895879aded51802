/**
 * `npm run bench:suite`: the whole test suite twice in one run, first under the configuration it had before it
 * was split into projects (baseline.config.ts: one project, one worker on two cores, a fresh process per file),
 * then under today's vitest.config.ts; prints vitest's duration of each, and of today's run each project's
 * time (first file started to last file ended). Same tests, same assertions; the test code's own speed-ups (no
 * screenshots unless asked, one password hash per process, PostgreSQL without disk flushes) count in both.
 * Then writes today's time of each file to test/fileDurations.json, the order test/sequencer.ts starts files in
 * on a clone with no vitest cache yet. Needs the web app built (`npm run build`) and Debian's chromium. Takes
 * about half an hour on two cores.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@caravan/engine';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
}

interface Run {
  label: string;
  seconds: number;
  files: FileResult[];
  failed: number;
}

/** Which project a test file belongs to, by vitest.config.ts's include patterns. */
function projectOf(file: string): 'unit' | 'api' | 'browser' {
  const relative = path.relative(repoRoot, file);
  if (relative.startsWith('test/e2e/')) return 'browser';
  if (relative.startsWith('shared/') || relative.startsWith('web/')) return 'unit';
  return 'api';
}

function runVitest(label: string, extraArgs: string[]): Run {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-suite-')), 'report.json');
  console.log(`${label}: npx vitest run ${extraArgs.join(' ')} …`);
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', ...extraArgs, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as { testResults: FileResult[]; numFailedTests: number };
  if (result.status !== 0) console.log(`${label}: vitest exited with ${result.status} (${json.numFailedTests} failed tests)`);
  return { label, seconds, files: json.testResults, failed: json.numFailedTests };
}

function span(files: FileResult[]): number {
  if (files.length === 0) return 0;
  return (Math.max(...files.map((file) => file.endTime)) - Math.min(...files.map((file) => file.startTime))) / 1000;
}

const baseline = runVitest('before', ['--config', 'bench/suite/baseline.config.ts']);
const today = runVitest('today', []);

const format = (seconds: number) => `${seconds.toFixed(1)} s`;
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)} at the end`);
console.log(`test files: ${today.files.length}; failed tests: before ${baseline.failed}, today ${today.failed}`);
console.log(`| run | wall (vitest, start to exit) | first file start to last file end |`);
console.log(`|---|---|---|`);
for (const run of [baseline, today]) console.log(`| ${run.label} | ${format(run.seconds)} | ${format(span(run.files))} |`);
for (const project of ['unit', 'api', 'browser'] as const) {
  const files = today.files.filter((file) => projectOf(file.name) === project);
  console.log(`| today, ${project} (${files.length} files) | | ${format(span(files))} |`);
}
console.log(`today / before: ${(today.seconds / baseline.seconds).toFixed(2)} (target ≤ 0.50)`);

if (today.failed === 0) {
  const durations = Object.fromEntries(
    today.files
      .map((file) => [`${projectOf(file.name)}:${path.relative(repoRoot, file.name)}`, Math.round(file.endTime - file.startTime)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  fs.writeFileSync(path.join(repoRoot, 'test', 'fileDurations.json'), `${JSON.stringify(durations, null, 1)}\n`);
  console.log('wrote test/fileDurations.json');
}
