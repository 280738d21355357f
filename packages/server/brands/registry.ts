import type { Brand } from '@datekit/runtime';
import { resolveBrandDomain } from './host.ts';

/** The brands this server serves, looked up by host. Built once at start-up. */
export class BrandRegistry {
  private readonly byDomain = new Map<string, Brand>();
  private readonly hosts = new Map<string, string>();

  constructor(brands: readonly Brand[]) {
    for (const brand of brands) {
      this.byDomain.set(brand.domain, brand);
      for (const host of [brand.domain, ...brand.aliases]) this.hosts.set(host, brand.domain);
    }
  }

  forHost(host: string | undefined): Brand | null {
    const domain = resolveBrandDomain(host, this.hosts);
    return domain ? (this.byDomain.get(domain) ?? null) : null;
  }

  get(domain: string): Brand | undefined {
    return this.byDomain.get(domain);
  }

  all(): Brand[] {
    return [...this.byDomain.values()];
  }
}
