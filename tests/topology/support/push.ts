/**
 * A push service the production hosts accept. They take only https: endpoints on public
 * hosts (src/server/push/endpoint.ts), as every browser's push service is, and the hosts an
 * operator names in PUSH_ENDPOINT_HOSTS; so the tests' push service
 * (tests/support/push-service.ts) listens with TLS on the client's 198.18.0.1, named there,
 * with a certificate made per run that the hosts trust through NODE_EXTRA_CA_CERTS
 * (support/hosts.ts). No development switch is turned on for this.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PushService } from '../../support/push-service';
import { PUSH_CA } from './hosts';
import { MACHINES, run } from './net';
import { RUN_DIR } from './procs';

const KEY = path.join(RUN_DIR, 'push-key.pem');

/** A self-signed certificate for the push service's address (the global setup, before the hosts start). */
export function makePushCertificate(): void {
  const address = MACHINES.client.address;
  run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', KEY, '-out', PUSH_CA, '-days', '2', '-subj', `/CN=${address}`, '-addext', `subjectAltName=IP:${address}`,
  ]);
}

export function startPushService(): Promise<PushService> {
  return PushService.start({ host: MACHINES.client.address, tls: { key: readFileSync(KEY, 'utf8'), cert: readFileSync(PUSH_CA, 'utf8') } });
}
