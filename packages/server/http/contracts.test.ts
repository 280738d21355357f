import { describe, expect, it } from 'vitest';
import type { RouteContract } from '@datekit/runtime/api/contract';
import * as contracts from '@datekit/runtime/schemas/api/contracts/index';
import { MOUNTED_ROUTES } from '../app.ts';
import type { AnyRouteSpec } from './define-route.ts';

/** Every contract the browser may call (the index's exports that are contracts, not schemas). */
const CONTRACTS = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, RouteContract] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'method' in entry[1] && 'path' in entry[1],
);

const routeKey = (route: Pick<AnyRouteSpec, 'method' | 'url'>) => `${route.method} ${route.url}`;
const contractKey = (contract: RouteContract) => `${contract.method} ${contract.path}`;
const mounted = new Map(MOUNTED_ROUTES.map((route) => [routeKey(route), route]));

describe('route contracts and the routes the server mounts', () => {
  it('has one contract per method and path, and one key per contract', () => {
    const keys = CONTRACTS.map(([, contract]) => contractKey(contract));
    expect(keys.length).toBeGreaterThan(60);
    expect(new Set(keys).size).toBe(keys.length);
    const addresses = CONTRACTS.map(([, c]) => `${c.method} ${c.address ?? c.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it.each(CONTRACTS)('%s is mounted by a route that takes it', (_name, contract) => {
    const route = mounted.get(contractKey(contract));
    expect(route, `no route mounts ${contractKey(contract)}`).toBeDefined();
    expect(route!.contract, `${routeKey(route!)} declares itself instead of taking its contract`).toBe(contract);
  });

  it('mounts no route with a contract of another method or path', () => {
    for (const route of MOUNTED_ROUTES) {
      if (route.contract) expect(routeKey(route)).toBe(contractKey(route.contract));
    }
  });
});
