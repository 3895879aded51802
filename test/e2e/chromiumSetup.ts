/** Starts one Chromium for the browser tests of a run; each file connects to it (sharedChromium.ts). */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(chromiumOptions());
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
