/**
 * The component project's setup (vitest.config.ts): each test starts with an empty document, as Testing Library
 * expects (its automatic cleanup needs vitest's globals, which this repository does not turn on).
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
