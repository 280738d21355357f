import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A certificate authority made for one run, and a server certificate it signed. Paths to PEM files. */
export interface TestCa {
  /** The CA's certificate: NODE_EXTRA_CA_CERTS for the servers, `ca` for the test's own clients. */
  caCert: string;
  /** Server certificate followed by the CA's, as nginx sends it (the browser matches the CA's key). */
  fullchain: string;
  key: string;
  /** base64 SHA-256 of the CA's SubjectPublicKeyInfo: Chromium's --ignore-certificate-errors-spki-list. */
  caSpkiHash: string;
}

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

/**
 * Makes the CA (key and self-signed certificate) and one server certificate for `names` (DNS names or
 * IP addresses, all in the subjectAltName) with openssl, in `dir`. Valid for a day: made at every run.
 */
export function makeTestCa(dir: string, names: string[]): TestCa {
  fs.mkdirSync(dir, { recursive: true });
  const at = (file: string) => path.join(dir, file);
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=datekit deployment test CA']
      .concat(['-keyout', at('ca.key'), '-out', at('ca.pem')])
      .concat(['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']),
  );
  openssl(
    ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${names[0]}`].concat([
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
    ]),
  );
  const san = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  fs.writeFileSync(
    at('server.ext'),
    `subjectAltName=${san}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n`,
  );
  openssl(
    ['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key')].concat([
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at('server.ext'),
      '-out',
      at('server.pem'),
    ]),
  );
  fs.writeFileSync(
    at('fullchain.pem'),
    fs.readFileSync(at('server.pem'), 'utf8') + fs.readFileSync(at('ca.pem'), 'utf8'),
  );
  const spki = new X509Certificate(fs.readFileSync(at('ca.pem'))).publicKey.export({ type: 'spki', format: 'der' });
  return {
    caCert: at('ca.pem'),
    fullchain: at('fullchain.pem'),
    key: at('server.key'),
    caSpkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
