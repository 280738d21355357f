import type { Brand } from '@datekit/runtime/schemas/brand';
import type { ServerConfig } from '../../config.ts';

/**
 * The brand site's origin for links in mails the console sends (the request came from the operator
 * host, not the brand's): https on the brand's domain; a local demo domain (`localhost`,
 * `*.localhost`) on plain http with this server's port.
 */
export function brandOrigin(config: ServerConfig, brand: Brand): string {
  const local = brand.domain === 'localhost' || brand.domain.endsWith('.localhost');
  return local ? `http://${brand.domain}:${config.port}` : `https://${brand.domain}`;
}
