/**
 * The run's one Chromium (chromiumSetup.ts started it), connected to from a test file: starting a browser
 * per file cost seconds each. Closing the connection closes only the contexts this file opened.
 */
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}
