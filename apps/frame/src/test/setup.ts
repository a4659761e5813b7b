/** Imported by every component test: vitest runs without globals, so RTL cannot register cleanup itself. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
