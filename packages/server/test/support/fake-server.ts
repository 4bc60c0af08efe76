/** The listening part of the repository's fake processors: plain HTTP on a loopback port, or HTTPS with a certificate of the test's. */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeServerOptions {
  /** PEM certificate and key: the fake answers over TLS, as the processor does (a production-mode gateway refuses http://). */
  tls?: { cert: string; key: string };
}

export interface FakeListener {
  server: http.Server | https.Server;
  port: number;
  /** `http://127.0.0.1:<port>` or `https://...`. */
  origin: string;
}

export async function listenFake(handle: http.RequestListener, options: FakeServerOptions = {}): Promise<FakeListener> {
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}` };
}
