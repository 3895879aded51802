/**
 * The order test files start in: vitest's own (groups in order, a group's projects one after the other, files
 * that failed last time first), with each project's files longest first, so that no long file starts last and
 * runs alone. vitest knows a file's time from its cache of the last run here; a fresh clone has none and vitest
 * would go by file size, which starts the two layout walks (short files, a minute each) last. So a file the cache
 * does not know takes its time from test/fileDurations.json (a full run on two cores; `npm run bench:suite`
 * writes it again), else its project's typical time. A group's projects stay one after the other: a worker keeps
 * its project's modules from file to file, and interleaving the projects' files cost more imports than it saved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RECORDED = path.join(import.meta.dirname, 'fileDurations.json');
/** For a file neither the cache nor the record knows: milliseconds, about a project's median here. */
const TYPICAL_MS: Record<string, number> = { unit: 100, api: 1500, browser: 20_000 };

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = readRecord();
    const keyed = files.map((file) => {
      const project = file.project.name;
      const key = `${project}:${path.relative(this.ctx.config.root, file.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      const expectedMs = last?.duration ?? recorded[key] ?? TYPICAL_MS[project] ?? 1000;
      return { file, group: file.project.config.sequence.groupOrder, project, failed: Number(last?.failed ?? false), expectedMs };
    });
    keyed.sort(
      (a, b) =>
        a.group - b.group ||
        (a.project === b.project ? 0 : a.project < b.project ? -1 : 1) ||
        b.failed - a.failed ||
        b.expectedMs - a.expectedMs,
    );
    return keyed.map(({ file }) => file);
  }
}

function readRecord(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
