import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { resolveBrandDomain } from './host.ts';

/**
 * A brand this server knows but cannot serve: its file is invalid (or its niche's is), or its build
 * is damaged. Its hosts answer 503 while every other brand is served.
 */
export interface UnavailableBrand {
  domain: string;
  /** Its other hosts, as far as its file could still be read. */
  aliases: readonly string[];
  /** The language its 503 page is in when no language cookie says otherwise. */
  language: Locale;
  /** The file at fault (relative, never a full path: /readyz answers on any host) and what is wrong. */
  file: string;
  problem: string;
}

/** The brands this server serves, looked up by host. Built once at start-up. */
export class BrandRegistry {
  private readonly byDomain = new Map<string, Brand>();
  private readonly hosts = new Map<string, string>();
  private readonly unavailableByDomain = new Map<string, UnavailableBrand>();
  private readonly unavailableHosts = new Map<string, string>();

  constructor(brands: readonly Brand[], unavailable: readonly UnavailableBrand[] = []) {
    for (const brand of brands) {
      this.byDomain.set(brand.domain, brand);
      for (const host of [brand.domain, ...brand.aliases]) this.hosts.set(host, brand.domain);
    }
    for (const brand of unavailable) this.takeOutOfService(brand);
  }

  forHost(host: string | undefined): Brand | null {
    const domain = resolveBrandDomain(host, this.hosts);
    return domain ? (this.byDomain.get(domain) ?? null) : null;
  }

  /** The brand out of service that `host` names, if any. */
  unavailableForHost(host: string | undefined): UnavailableBrand | null {
    if (this.unavailableHosts.size === 0) return null;
    const domain = resolveBrandDomain(host, this.unavailableHosts);
    return domain ? (this.unavailableByDomain.get(domain) ?? null) : null;
  }

  /**
   * Stops serving a brand (its build turned out damaged at start). Its settings stay known (`get`,
   * `all`: mails and the console still name it), but no host resolves to it any more.
   */
  takeOutOfService(brand: UnavailableBrand): void {
    this.unavailableByDomain.set(brand.domain, brand);
    for (const host of [brand.domain, ...brand.aliases]) {
      if (this.hosts.get(host) === brand.domain) this.hosts.delete(host);
      if (!this.hosts.has(host)) this.unavailableHosts.set(host, brand.domain);
    }
  }

  /** The brands out of service, in domain order. */
  unavailable(): UnavailableBrand[] {
    return [...this.unavailableByDomain.values()].sort((a, b) => a.domain.localeCompare(b.domain));
  }

  get(domain: string): Brand | undefined {
    return this.byDomain.get(domain);
  }

  /** Every brand whose settings are valid, served or not (see {@link unavailable}). */
  all(): Brand[] {
    return [...this.byDomain.values()];
  }
}
