#!/usr/bin/env node
// Runs the TypeScript sources directly: the CLI, server and runtime have no separate compile step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
